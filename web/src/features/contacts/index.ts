/** Contacts feature: the Contacts screen. */
export { ContactsPage } from './components/contacts-page';
