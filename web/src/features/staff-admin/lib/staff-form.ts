/** The add-account and reset-password forms' rules: the server's password policy, checked first in the browser. */
import * as v from 'valibot';
import { passwordPolicyProblem, STAFF_ROLES } from '@lp/contracts';

export const AddAccountFormSchema = v.pipe(
  v.object({
    username: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(3, 'Use at least 3 characters'),
      v.maxLength(100, 'Use at most 100 characters'),
      v.regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits, dot, dash, underscore or @'),
    ),
    password: v.string(),
    role: v.picklist(STAFF_ROLES),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = passwordPolicyProblem(dataset.value.password, dataset.value.username);
    if (problem)
      addIssue({
        message: problem,
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'password', value: dataset.value.password },
        ],
      });
  }),
);
export type AddAccountFormValues = v.InferOutput<typeof AddAccountFormSchema>;
