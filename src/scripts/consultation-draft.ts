import {
  draftFields,
  draftKey,
  hasTyped,
  packDraft,
  unpackDraft,
  type DraftValues,
} from '@/lib/consultation/draft';

/*
 * The consultation form's draft across a switch of currency or language
 * (src/lib/consultation/draft.ts says what is kept and for how long). The
 * switches call `keepConsultationDraft` as they navigate; every page calls
 * `restoreConsultationDraft` once, as its script starts. The form's fields are
 * uncontrolled, so values put in before or after the island hydrates stay;
 * the contact method and the attached estimate are clicked, so that the
 * island hears of them as it would of the visitor's own click.
 */

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function draftForm(): HTMLFormElement | null {
  return document.querySelector<HTMLFormElement>('form[data-draft]');
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controls(form: HTMLFormElement, name: string): Control[] {
  return [...form.querySelectorAll<Control>(`[name="${name}"]`)];
}

function readValues(form: HTMLFormElement): DraftValues {
  const values: DraftValues = {};
  for (const name of draftFields) {
    for (const control of controls(form, name)) {
      if (control instanceof HTMLInputElement && control.type === 'radio') {
        if (control.checked) values[name] = control.value;
      } else if (control instanceof HTMLInputElement && control.type === 'checkbox') {
        values[name] = control.checked;
      } else {
        values[name] = control.value;
      }
    }
  }
  return values;
}

/** Keeps what the visitor typed for the page at `path`, which is about to load. */
export function keepConsultationDraft(path: string): void {
  const form = draftForm();
  const store = session();
  if (!form || !store) return;
  const values = readValues(form);
  if (!hasTyped(values)) return;
  try {
    store.setItem(draftKey, packDraft(path, values));
  } catch {
    // Storage full or refused: the page loads without the draft, as without script.
  }
}

function fill(form: HTMLFormElement, values: DraftValues): void {
  // In the form's order: the method first, as the contact field's type follows it.
  for (const name of draftFields) {
    const value = values[name];
    if (value === undefined) continue;
    for (const control of controls(form, name)) {
      if (control instanceof HTMLInputElement && control.type === 'radio') {
        if (control.value === value && !control.checked) control.click();
      } else if (control instanceof HTMLInputElement && control.type === 'checkbox') {
        if (typeof value === 'boolean' && control.checked !== value) control.click();
      } else if (typeof value === 'string' && value !== '' && control.value === '') {
        // A choice the page no longer offers is left unset rather than guessed.
        if (
          control instanceof HTMLSelectElement &&
          ![...control.options].some((o) => o.value === value)
        )
          continue;
        control.value = value;
        // Folded details open, so that what came back is seen.
        const details = control.closest('details');
        if (details) details.open = true;
      }
    }
  }
}

/** Puts back a draft kept for this page by the switch that loaded it, once. */
export function restoreConsultationDraft(): void {
  const store = session();
  if (!store) return;
  let raw: string | null;
  try {
    raw = store.getItem(draftKey);
    if (raw !== null) store.removeItem(draftKey);
  } catch {
    return;
  }
  const values = unpackDraft(raw, window.location.pathname);
  const form = draftForm();
  if (values && form) fill(form, values);
}
