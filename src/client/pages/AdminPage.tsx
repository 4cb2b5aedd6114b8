import BuildingPage from './BuildingPage.tsx';

export default function AdminPage() {
  return <BuildingPage title="建设中" />;
}
