/**
 * The staff route table under /marketing: each dashboard screen at its path (Contacts, Lists,
 * Segments, Analytics, Form Submissions, Lots, Inbox, Blog, Audit, Staff for owners, e-mail), the
 * dashboard home for any other /marketing path. Pages in app/ compose the features.
 */
import { Route, Routes, useParams } from 'react-router-dom';
import type { StaffUser } from '@lp/contracts';
import { AnalyticsPage, SubmissionFirstTouch } from '../features/analytics';
import { BlogAdminPage, BlogArticleEditorPage } from '../features/blog-admin';
import { ContactsPage } from '../features/contacts';
import { DashboardHome } from '../features/dashboard';
import {
  CampaignPage,
  CampaignsPage,
  EmailAnalyticsTab,
  SendEmailPage,
  TemplateEditorPage,
  TemplatesPage,
} from '../features/email';
import { InboxPage } from '../features/inbox';
import { ListsPage } from '../features/lists';
import { SegmentsPage } from '../features/segments';
import { JourneysPage } from '../features/journeys';
import { LotsPage } from '../features/lot-inventory';
import { AuditLogPage, StaffAccountsPage } from '../features/staff-admin';
import { FormSubmissionsPage } from '../features/submissions-admin';
import { LeadRepliesButton } from '../features/lead-replies';

export function StaffRoutes({ user }: { user: StaffUser }) {
  const submissions = (
    <FormSubmissionsPage
      firstTouch={(sessionId) => <SubmissionFirstTouch sessionId={sessionId} />}
      actions={<LeadRepliesButton />}
    />
  );
  return (
    <Routes>
      <Route path="contacts" element={<ContactsPage />} />
      <Route path="lists" element={<ListsPage />} />
      <Route path="segments" element={<SegmentsPage />} />
      <Route path="journeys" element={<JourneysPage />} />
      <Route path="form-submissions" element={submissions} />
      <Route path="submissions" element={submissions} />
      <Route path="lots" element={<LotsPage />} />
      <Route path="inbox" element={<InboxPage />} />
      <Route path="analytics" element={<AnalyticsPage emailTab={<EmailAnalyticsTab />} />} />
      <Route path="blog" element={<BlogAdminPage />} />
      <Route path="blog/new" element={<BlogArticleEditorPage />} />
      <Route path="blog/:id" element={<BlogArticleEditorRoute />} />
      <Route path="audit" element={<AuditLogPage />} />
      {user.role === 'owner' && <Route path="staff" element={<StaffAccountsPage currentUserId={user.id} />} />}
      <Route path="templates" element={<TemplatesPage />} />
      <Route path="templates/new" element={<TemplateEditorPage templateId={null} />} />
      <Route path="templates/:id" element={<TemplateEditorRoute />} />
      <Route path="send-email" element={<SendEmailPage />} />
      <Route path="campaigns" element={<CampaignsPage />} />
      <Route path="campaigns/:id" element={<CampaignRoute />} />
      <Route path="*" element={<DashboardHome />} />
    </Routes>
  );
}

/** /marketing/blog/{id}: a numeric id edits that article; anything else is the dashboard home (spec). */
function BlogArticleEditorRoute() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id >= 1 && id <= 2147483647 ? (
    <BlogArticleEditorPage articleId={id} />
  ) : (
    <DashboardHome />
  );
}

/** /marketing/templates/{id}: a numeric id edits that template (out of range: the spec's message on save). */
function TemplateEditorRoute() {
  const raw = useParams().id ?? '';
  return /^\d+$/.test(raw) ? <TemplateEditorPage templateId={Number(raw)} /> : <DashboardHome />;
}

function CampaignRoute() {
  const raw = useParams().id ?? '';
  return /^\d+$/.test(raw) ? <CampaignPage id={raw} /> : <DashboardHome />;
}
