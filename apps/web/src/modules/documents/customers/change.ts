/**
 * Changes a document's attendees, clinical-trial HCOs or lecturer agreements: `work` gets the document to change,
 * its id and version. The form is saved first, through its one save (the lines the attendees belong to must be
 * stored, and the change moves the document's version on); a new document is saved for the first time so, and the
 * change lands on it. The save's own refusals show on the form.
 */
export type CustomerChange = (work: (doc: { ID: number; Version: number }) => Promise<unknown>) => Promise<void>;

/** Thrown by a change when saving the form first failed (the form already shows why) or another action was running. */
export const CHANGE_ABANDONED = Symbol('change abandoned');
