/** The instant reply and staff alert on every new lead: the button that opens their settings. */
export { LeadRepliesButton } from './components/lead-replies-button';
