import type { BudgetBandId, ContactTime } from '@/config/consultation';
import type { ContactMethod, FieldErrors } from './schema';

/** What the visitor typed, sent back so that nothing is lost when something goes wrong. */
export type FormValues = {
  method: ContactMethod;
  contact: string;
  consent: boolean;
  name: string;
  message: string;
  budget: BudgetBandId | '';
  time: ContactTime | '';
};

export type FailureKind =
  'rate_limited' | 'unavailable' | 'forbidden' | 'too_large' | 'bad_request';

/** The form's state between the browser and the server action (also rendered without JavaScript). */
export type ConsultationState =
  | { status: 'idle'; values: FormValues; token?: string; key?: string }
  | { status: 'success'; reference: string; method: ContactMethod }
  | {
      status: 'invalid';
      values: FormValues;
      errors: FieldErrors;
      message: string;
      token?: string;
      key?: string;
    }
  | {
      status: 'failed';
      kind: FailureKind;
      values: FormValues;
      message: string;
      token?: string;
      key?: string;
    };

export const initialValues: FormValues = {
  method: 'phone',
  contact: '',
  consent: false,
  name: '',
  message: '',
  budget: '',
  time: '',
};
