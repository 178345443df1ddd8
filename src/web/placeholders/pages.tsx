import { Placeholder } from './Placeholder';

export const RepositoryPage = () => <Placeholder title="Repository" />;
export const BuyListPage = () => <Placeholder title="Buy List" />;
export const LeadTrackerPage = () => <Placeholder title="Lead Tracker" />;
export const ContactUsPage = () => <Placeholder title="Help" />;
export const TutorialsPage = () => <Placeholder title="Tutorials/Learning" />;
export const OtherPage = () => <Placeholder title="Other">{null}</Placeholder>;
export const ProfilePage = () => (
  <Placeholder title="Profile">
    <p>Coming soon...</p>
  </Placeholder>
);
export const DashboardPage = () => <Placeholder title="Dashboard" />;
export const RestockPage = () => <Placeholder title="Restock" />;
export const TestPage = () => <Placeholder title="Test" />;
export const SettingsPage = () => <Placeholder title="Settings" />;
