/** The dashboard's spinner is the shared one (components/ui/spinner). */
export { Spinner } from '../../../components/ui/spinner';
