/**
 * Changes a document's attendees, clinical-trial HCOs or lecturer agreements: `work` gets the document's version to
 * send. On the edit screen the form is saved first (the lines the attendees belong to must be stored, and the
 * change moves the document's version on); its own refusals show on the form.
 */
export type CustomerChange = (work: (version: number) => Promise<unknown>) => Promise<void>;

/** Thrown by a change when saving the form first failed; the form already shows why. */
export const CHANGE_ABANDONED = Symbol('change abandoned');
