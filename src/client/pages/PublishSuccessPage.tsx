import BuildingPage from './BuildingPage.tsx';

export default function PublishSuccessPage() {
  return <BuildingPage title="建设中" />;
}
