/**
 * The signed-in shell: header 'Marketing Dashboard' with Logout, the nav bar, and the screen
 * for the path (Contacts, Lists, Analytics, Form Submissions, Lots, Inbox, Blog, or the dashboard
 * home for any other /marketing path). The header names the time zone every date is shown in.
 */
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { AnalyticsPage } from '../../analytics';
import { BlogAdminPage, BlogArticleEditorPage } from '../../blog-admin';
import { LotsPage } from '../../lot-inventory';
import { InboxPage } from '../../inbox';
import { AuditLogPage, StaffAccountsPage } from '../../staff-admin';
import { CampaignPage, CampaignsPage, SendEmailPage, TemplateEditorPage, TemplatesPage } from '../../email';
import { useSWRConfig } from 'swr';
import type { StaffUser } from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { timeZoneLabel } from '../../../lib/site-time';
import { logout } from '../api/logout';
import { DashboardNav } from './dashboard-nav';
import { SkipLink } from '../../../components/layout/skip-link';
import { DashboardHome } from './dashboard-home';
import { ContactsPage } from '../../contacts';
import { ListsPage } from '../../lists';
import { FormSubmissionsPage } from '../../submissions-admin';

export function DashboardShell({ user }: { user: StaffUser }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      // The session is dropped locally either way; the server expires it.
    }
    await mutate(() => true, undefined, { revalidate: false });
    await mutate('/api/marketing/auth/session', null, { revalidate: false });
    navigate('/marketing');
    toast({ title: 'Logged out', description: 'You have been logged out successfully' });
  };

  return (
    <div className="min-h-dvh bg-stone-50">
      <SkipLink />
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <p className="text-xl font-bold text-lake-900">Marketing Dashboard</p>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-stone-600 sm:inline">
              Signed in as {user.username} · Times in {timeZoneLabel()}
            </span>
            <button
              type="button"
              onClick={onLogout}
              className="min-h-10 rounded-md px-4 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Logout
            </button>
          </div>
        </div>
        <DashboardNav isOwner={user.role === 'owner'} />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Routes>
          <Route path="contacts" element={<ContactsPage />} />
          <Route path="lists" element={<ListsPage />} />
          <Route path="form-submissions" element={<FormSubmissionsPage />} />
          <Route path="submissions" element={<FormSubmissionsPage />} />
          <Route path="lots" element={<LotsPage />} />
          <Route path="inbox" element={<InboxPage />} />
          <Route path="analytics" element={<AnalyticsPage />} />
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
      </main>
    </div>
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
