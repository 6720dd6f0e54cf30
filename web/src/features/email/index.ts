/** The dashboard's e-mail screens, for the dashboard shell to mount, and the home's rate hook. */
export { TemplatesPage } from './components/templates-page';
export { TemplateEditorPage } from './components/template-editor-page';
export { SendEmailPage } from './components/send-email-page';
export { CampaignsPage } from './components/campaigns-page';
export { CampaignPage } from './components/campaign-page';
export { EmailAnalyticsTab } from './components/lazy-email-analytics-tab';
export { useEmailAnalytics } from './api/email-analytics';
