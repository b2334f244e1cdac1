import { CheckIcon, InfoIcon } from 'lucide-react';
import { imageSource } from '@/lib/branding';
import { splitRegistrationText } from '../lib/registration-text';

export interface RegistrationPanelProps {
  /** OCRCompanyName, else the company's display name (C22). */
  companyName: string;
  /** CompanyInformation: a side note under the heading, when the company has one. */
  companyInformation: string;
  header: string;
  text: string;
  /** registrationImage: a URL, a `data:` URL or bare base64; null for none. */
  image?: string | null;
}

/** N6, C22: the left panel of the registration: the profile's image, the company, the profile's header and its text as bullets. */
export function RegistrationPanel({ companyName, companyInformation, header, text, image = null }: RegistrationPanelProps) {
  const { intro, bullets } = splitRegistrationText(text);
  const src = imageSource(image);
  return (
    <aside aria-label="About this registration" className="rounded-2xl bg-primary-tint p-5 text-primary-tint-ink sm:p-7 lg:sticky lg:top-6">
      {src ? <img src={src} alt="" className="mb-5 aspect-[16/9] w-full rounded-xl object-cover" /> : null}
      <p className="text-xl font-bold tracking-tight text-ink sm:text-2xl">{companyName}</p>
      {companyInformation ? (
        <p className="mt-2 flex gap-2 text-sm text-ink-soft">
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-ink" />
          <span>{companyInformation}</span>
        </p>
      ) : null}
      {header || intro || bullets.length > 0 ? <hr className="my-5 border-primary-line" /> : null}
      {header ? <h2 className="text-lg font-semibold text-ink">{header}</h2> : null}
      {intro ? <p className="mt-2 text-sm leading-relaxed text-ink-soft">{intro}</p> : null}
      {bullets.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2.5">
          {bullets.map((bullet, i) => (
            <li key={i} className="flex gap-2.5 text-sm leading-relaxed text-ink">
              <span aria-hidden="true" className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-primary text-on-primary">
                <CheckIcon className="size-3.5" strokeWidth={3} />
              </span>
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
