import type { FormFieldDescriptor, FormValues } from '@portal/shared/form-engine/form-types';
import { DetailsSummary } from '@/components/forms/details-summary';
import { Button } from '@/components/ui/button';
import { StepCard, type StepCardProps } from './step-card';

/** N24: "Customer Details", what the visitor entered, before the agreements. */
export function CustomerSummaryStep({
  customerTerm,
  descriptors,
  values,
  step,
  onNext,
  onBack,
}: {
  customerTerm: string;
  descriptors: readonly FormFieldDescriptor[];
  values: FormValues;
  step: StepCardProps['step'];
  onNext: () => void;
  onBack: () => void;
}) {
  return (
    <StepCard
      title={`${customerTerm} Details`}
      description="Please check your details. Use Back to change anything."
      step={step}
      onBack={onBack}
      action={
        <Button size="lg" onClick={onNext} className="sm:min-w-36">
          Next
        </Button>
      }
    >
      <DetailsSummary record={values} descriptors={descriptors} />
    </StepCard>
  );
}
