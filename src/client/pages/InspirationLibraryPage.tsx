import BuildingPage from './BuildingPage.tsx';

export default function InspirationLibraryPage() {
  return <BuildingPage title="建设中" />;
}
