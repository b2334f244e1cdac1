import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { XIcon } from 'lucide-react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; visible under it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the close (×) button, e.g. while a blocking call runs. */
  hideClose?: boolean;
  /** Blocks outside-click / Escape dismissal (the user must use a button). */
  dismissible?: boolean;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

/** On opening, focus goes to the element marked `data-autofocus` (a form's first field), else Radix's first tabbable one. */
function focusMarked(event: Event) {
  const marked = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
  if (!marked) return;
  event.preventDefault();
  marked.focus();
}

/** The controls a keyboard reaches (a file input worked by a button, tabindex −1, is not one). */
const FOCUSABLE = ['a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]']
  .map((s) => `${s}:not([tabindex="-1"]):not([aria-hidden="true"])`)
  .join(', ');

/** What had the focus when a dialog opened, the elements around it then, and the page it was on. */
interface Opener {
  element: HTMLElement | null;
  around: Element[];
  page: string;
}

/**
 * The opener of a dialog closing in this same moment: a dialog that opens as another closes (a
 * form's dialog handing over to its "Done" dialog) takes it over, since the first dialog and the
 * button that had the focus in it go.
 */
let handedOver: Opener | null = null;

/** Offers a closing dialog's opener to a dialog that opens in this same moment (until `later` runs), and to no later one. */
function handOver(closing: Opener, later: (end: () => void) => void = (end) => window.setTimeout(end, 0)) {
  handedOver = closing;
  later(() => {
    if (handedOver === closing) handedOver = null;
  });
}

function openerOf(): Opener {
  if (handedOver) {
    const inherited = handedOver;
    handedOver = null;
    return inherited;
  }
  const active = document.activeElement;
  const element = active instanceof HTMLElement && active !== document.body ? active : null;
  const around: Element[] = [];
  for (let e = element?.parentElement; e && e !== document.body; e = e.parentElement) around.push(e);
  return { element, around, page: window.location.pathname };
}

/**
 * Where the focus goes back to: the opener; where it is gone (a "Notify absence" button that the
 * notice took the place of), the first control still there nearest to where it was; else the page's
 * content, never the top of the page. A dialog that went with its page (a link in it was followed,
 * such as "Go to checkout") leaves the new page's content, not its first control: that may be a
 * text box, where a phone would open its keyboard over the page.
 */
function returnTarget({ element, around, page }: Opener): HTMLElement | null {
  if (page !== window.location.pathname) return document.getElementById('main');
  if (element?.isConnected) return element;
  for (const e of around) {
    if (!e.isConnected) continue;
    const near = e.querySelector<HTMLElement>(FOCUSABLE);
    if (near) return near;
  }
  return document.getElementById('main');
}

/**
 * Radix Dialog gives focus trapping, Escape, aria-modal and labelling. The CSS classes
 * `overlay` / `modal-panel` (index.css) provide the 0.3 s animation and the bottom-sheet
 * presentation at 480 px and below.
 */
export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md', hideClose = false, dismissible = true }: ModalProps) {
  // The element that had the focus when the dialog opened (the button that opened it): Radix
  // gives the focus back only to a Dialog.Trigger, and these dialogs are opened by state.
  const opener = useRef<Opener | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && opener.current) handOver(opener.current);
    wasOpen.current = open;
  }, [open]);
  // A step of a flow that gives way to the next step's dialog (removed while open, not closed) hands its opener on too.
  useEffect(
    () => () => {
      // The next step's dialog mounts in this same commit: the offer ends with it (a microtask), not with a later dialog's.
      if (wasOpen.current && opener.current) handOver(opener.current, queueMicrotask);
    },
    [],
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cn('modal-panel z-50 flex flex-col overflow-hidden rounded-2xl bg-surface shadow-2xl outline-none', widths[size])}
          onOpenAutoFocus={(event) => {
            opener.current = openerOf();
            focusMarked(event);
          }}
          onCloseAutoFocus={(event) => {
            // Back to the opener, unless the page has put the focus somewhere on purpose meanwhile.
            const from = opener.current;
            opener.current = null;
            if (!from || (document.activeElement && document.activeElement !== document.body)) return;
            const back = returnTarget(from);
            if (!back) return;
            event.preventDefault();
            // The page's content is focused where it stands: scrolled to, its top would slip under the sticky header.
            back.focus(back.id === 'main' ? { preventScroll: true } : undefined);
          }}
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
          onEscapeKeyDown={dismissible ? undefined : (e) => e.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold tracking-tight text-ink">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description> : null}
            </div>
            {hideClose ? null : (
              <Dialog.Close className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-muted hover:text-ink" aria-label="Close">
                <XIcon />
              </Dialog.Close>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-4 pb-5 sm:px-6 sm:pb-6">{children}</div>
          {footer ? <div className="flex flex-col-reverse gap-2 border-t border-line-soft bg-canvas px-5 py-4 sm:flex-row sm:justify-end sm:px-6">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
