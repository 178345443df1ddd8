import { Placeholder } from './Placeholder';

export const RepositoryPage = () => <Placeholder title="Repository" />;
export { BuyListPage } from '../features/buy-list/BuyListPage';
export const LeadTrackerPage = () => <Placeholder title="Lead Tracker" />;
export const ContactUsPage = () => <Placeholder title="Help" />;
export const TutorialsPage = () => <Placeholder title="Tutorials/Learning" />;
export const OtherPage = () => <Placeholder title="Other">{null}</Placeholder>;
export { ColumnPickerPage as TestPage } from '../features/column-picker/ColumnPickerPage';
export const AccountUsersPage = () => <Placeholder title="Account users" />;
export const SubscriptionsPage = () => <Placeholder title="Subscriptions" />;
export const ReferralsPage = () => (
  <Placeholder title="Referrals">
    <ul>
      <li>Choose whether referrals earn paid or free months.</li>
      <li>See who used your referral.</li>
      <li>Copy your referral link.</li>
    </ul>
  </Placeholder>
);
export { AccessEditorPage as TestingTreePage } from '../features/access-editor/AccessEditorPage';
export { TempCsvImportPage } from '../features/csv-import/TempCsvImportPage';
