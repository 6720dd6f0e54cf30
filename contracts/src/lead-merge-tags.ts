/**
 * The merge tags an instant reply's template may use (lead-replies.ts), filled from the form and
 * the lot it names. Apart, without imports, so the template schemas (email.ts) can allow them.
 */
export const LEAD_MERGE_TAGS = {
  firstName: "The visitor's first name",
  lastName: "The visitor's last name",
  email: "The visitor's e-mail address",
  phone: "The visitor's phone number",
  message: 'What the visitor wrote',
  interest: 'The interest the visitor picked (as the form shows it)',
  lotNumber: 'The lot asked about (empty when none)',
  lotSize: "The lot's size in square feet",
  lotPrice: "The lot's price (empty once sold)",
  lotUrl: "The address of the lot's page",
} as const;
export type LeadMergeTag = keyof typeof LEAD_MERGE_TAGS;
