import BuildingPage from './BuildingPage.tsx';

export default function CreatePinPage() {
  return <BuildingPage title="建设中" />;
}
