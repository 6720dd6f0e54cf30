/**
 * The staff dashboard's frame, for app/dashboard-app to compose with the staff route table: the
 * session hook, the login screen, the signed-in shell and the dashboard home.
 */
export { useSession } from './api/get-session';
export { LoginScreen } from './components/login-screen';
export { DashboardShell } from './components/dashboard-shell';
export { DashboardHome } from './components/dashboard-home';
