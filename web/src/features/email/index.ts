/** The dashboard's e-mail screens, for the staff routes to mount, and the Analytics screen's e-mail tab. */
export { TemplatesPage } from './components/templates-page';
export { TemplateEditorPage } from './components/template-editor-page';
export { SendEmailPage } from './components/send-email-page';
export { CampaignsPage } from './components/campaigns-page';
export { CampaignPage } from './components/campaign-page';
export { EmailAnalyticsTab } from './components/lazy-email-analytics-tab';
