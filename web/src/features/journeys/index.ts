/** Journeys feature: the Journeys screen (each journey's steps with who waits at, passed and left each). */
export { JourneysPage } from './components/journeys-page';
