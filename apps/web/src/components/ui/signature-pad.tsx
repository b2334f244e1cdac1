import { useEffect, useId, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';
import { EraserIcon } from 'lucide-react';
import { Button } from './button';
import { TextField } from './text-field';

/** Canvas pixels per CSS pixel: sharp enough on a phone, small enough for the server's bounds. */
const MAX_RATIO = 2;
const PAD_HEIGHT = 180;

export interface SignaturePadProps {
  /** The signature as a PNG data URL, or null while the pad is empty. */
  onChange: (signature: string | null) => void;
  /** The person signing, shown under the line. */
  signerHint?: string;
  error?: string | null;
  /** A signature made before (the page left and come back to), drawn on the pad as it was. */
  initial?: string | null;
}

/**
 * A pad to sign on with a mouse, finger or pen (signature_pad). Keyboard users type their name
 * instead: it is written onto the pad, so the server gets a PNG either way.
 */
export function SignaturePad({ onChange, signerHint, error, initial = null }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  const [typed, setTyped] = useState('');
  const [hasMark, setHasMark] = useState(initial !== null);
  // A picture on the pad that is not strokes (a signature kept from before, or a typed name): drawn again when the pad is resized.
  const picture = useRef<string | null>(initial);
  const hintId = useId();
  const errorId = useId();
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#111827', backgroundColor: 'rgba(0,0,0,0)', minWidth: 1, maxWidth: 2.6 });
    padRef.current = pad;
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
      const data = pad.toData();
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length > 0) pad.fromData(data);
      else if (picture.current) void pad.fromDataURL(picture.current, { ratio });
      else {
        setHasMark(false);
        onChangeRef.current(null);
      }
    };
    const stroke = () => {
      picture.current = null;
      setHasMark(!pad.isEmpty());
      onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', stroke);
    resize();
    const observer = new ResizeObserver(() => resize());
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', stroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    picture.current = null;
    padRef.current?.clear();
    setHasMark(false);
    onChangeRef.current(null);
  };

  const signTyped = () => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    const name = typed.trim();
    if (!canvas || !pad || !name) return;
    pad.clear();
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const width = canvas.offsetWidth;
    let size = 40;
    ctx.fillStyle = '#111827';
    ctx.textBaseline = 'middle';
    do {
      ctx.font = `italic ${size}px Georgia, 'Times New Roman', serif`;
      size -= 2;
    } while (ctx.measureText(name).width > width - 32 && size > 12);
    ctx.fillText(name, 16, PAD_HEIGHT / 2);
    setHasMark(true);
    picture.current = canvas.toDataURL('image/png');
    onChangeRef.current(picture.current);
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">Signature</legend>
      <div className={`relative rounded-xl border-2 border-dashed bg-surface ${error ? 'border-danger-line' : 'border-line-strong'}`}>
        <canvas
          ref={canvasRef}
          style={{ height: PAD_HEIGHT }}
          className="block w-full touch-none rounded-xl"
          role="img"
          aria-label={hasMark ? 'Signature pad, signed' : 'Signature pad: sign here with a mouse, finger or pen'}
          aria-describedby={hintId}
          data-testid="signature-pad"
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 bottom-10 border-b border-line-strong" />
        <p id={hintId} className="pointer-events-none absolute bottom-2 left-6 text-xs text-muted">
          {signerHint ? `Sign above the line, ${signerHint}` : 'Sign above the line'}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-48 flex-1"
          label="Or type your full name to sign"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              signTyped();
            }
          }}
          autoComplete="name"
          maxLength={80}
        />
        <Button variant="secondary" onClick={signTyped} disabled={!typed.trim()}>
          Sign with typed name
        </Button>
        <Button variant="ghost" onClick={clear} disabled={!hasMark} icon={<EraserIcon aria-hidden="true" className="size-4" />}>
          Clear
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
