/** Staff form submissions: the Form Submissions screen (the public forms are the `submissions` feature). */
export { FormSubmissionsPage } from './components/form-submissions-page';
