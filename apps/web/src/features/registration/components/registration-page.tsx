import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SignInAction } from '@portal/shared/customer-schemas';
import { sendCodeRequestSchema } from '@portal/shared/registration-schemas';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { useOcrProfile } from '@/entities/classes/get-ocr-profile';
import { formFieldsQueryOptions } from '@/entities/forms/get-form-fields';
import { profileParam } from '../lib/registration-link';
import { registrationStorageKey } from '../lib/registration-state';
import type { StudentUpdateRenderer } from './existing-family-flow';
import { RegistrationFlow } from './registration-flow';
import { RegistrationOpensSoon } from './registration-opens-soon';
import { RegistrationPanel } from './registration-panel';
import { RegistrationUnavailable } from './registration-unavailable';
import { WaitingRoom } from './waiting-room';
import { useWaitingRoom } from '../api/waiting-room';

/** N23, S26: the address a registration link names (`email=`), when it is one. */
export function knownEmailParam(value: string | null): string | null {
  const parsed = sendCodeRequestSchema.safeParse({ email: value ?? '' });
  return parsed.success ? parsed.data.email : null;
}

/**
 * /ocr?id={customerId}&p={profileId} (N1–N7, N36): online registration. The shell has already
 * entered the company of `id` (A30). The page type decides only the class step (N8, decision 067):
 * SelectClasses shows it; NoClasses and any other page type register without one. With AutoEnroll,
 * an address the link names (`&email=`) is the family's, read-only (N23, S26).
 */
export function RegistrationPage({
  renderStudentUpdate,
  signInActions,
}: {
  renderStudentUpdate: StudentUpdateRenderer;
  /** The signed-in family's sign-in actions, null while asked for (RegistrationFlow). */
  signInActions?: readonly SignInAction[] | null;
}) {
  const config = useConfig();
  const [params] = useSearchParams();
  const profileId = profileParam(params.get('p'));
  const knownEmail = knownEmailParam(params.get('email'));
  const open = config.AllowOCR && config.CustomerPortalAllowOCR;
  const profile = useOcrProfile(open ? profileId : null, { retry: false });
  // The profile's customer form, asked for beside the profile (the flow shows it from its first screen on).
  useQuery({ ...formFieldsQueryOptions('customer', profileId ?? 0), enabled: open && config.CanTakeNewSignUps && profileId !== null });
  const company = config.OCRCompanyName.trim() || config.CompanyDisplayName;
  // The profile's opening passed while the family waited on its countdown (decision 091).
  const [openedHere, setOpenedHere] = useState(false);
  const onOpen = useCallback(() => setOpenedHere(true), []);
  // A profile with an opening may have a waiting room (decision 099).
  const room = useWaitingRoom(profile.data?.OpensAt && profileId !== null ? profileId : null);

  const loading = (
    <div className="flex justify-center px-4 py-24 text-primary-ink">
      <Spinner size="lg" label="Loading the registration" />
    </div>
  );
  const flow = profile.data ? (
    <RegistrationFlow
      config={config}
      profile={profile.data}
      renderStudentUpdate={renderStudentUpdate}
      knownEmail={profile.data.AutoEnroll ? knownEmail : null}
      signInActions={signInActions}
      panel={
        <RegistrationPanel
          companyName={company}
          companyInformation={config.CompanyInformation}
          header={profile.data.RegistrationHeader}
          text={profile.data.RegistrationText}
          image={profile.data.registrationImage}
        />
      }
    />
  ) : null;

  if (!open) return <RegistrationUnavailable reason="closed" company={config.CompanyDisplayName} />;
  if (profileId === null) return <RegistrationUnavailable reason="unknownProfile" company={config.CompanyDisplayName} />;
  if (profile.isPending) return loading;
  if (profile.isLoadingError) {
    const unknown = profile.error instanceof ApiRequestError && profile.error.status === 404;
    return unknown ? (
      <RegistrationUnavailable reason="unknownProfile" company={config.CompanyDisplayName} />
    ) : (
      <RegistrationUnavailable reason="failed" company={config.CompanyDisplayName} onRetry={() => void profile.refetch()} />
    );
  }
  if (!config.CanTakeNewSignUps) return <RegistrationUnavailable reason="noSignUps" company={config.CompanyDisplayName} />;
  const opensAt = profile.data.OpensAt;
  if (opensAt && room.isPending) return loading;
  // A question that failed after an answer keeps that answer on the page (and the place): the page asks again.
  if (opensAt && room.isError && !room.data) return <RegistrationUnavailable reason="failed" company={config.CompanyDisplayName} onRetry={() => void room.refetch()} />;
  if (room.data?.inForce) {
    return (
      <WaitingRoom
        room={room.data}
        receivedAt={room.dataUpdatedAt}
        profileId={profileId}
        alertKey={`${registrationStorageKey(config.CustomerID, profileId)}:turn-alert`}
        name={profile.data.DisplayName}
        config={config}
        refresh={() => void room.refetch()}
      >
        {flow}
      </WaitingRoom>
    );
  }
  if (opensAt && !openedHere && Date.parse(opensAt) > Date.now()) return <RegistrationOpensSoon name={profile.data.DisplayName} opensAt={opensAt} config={config} onOpen={onOpen} />;
  return flow;
}
