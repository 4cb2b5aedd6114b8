/**
 * The landing page's featured cards. Loaded lazily (LandingPage starts the import and the query at
 * the same time): the card, the masonry grid and their stylesheet are not part of what /login and
 * /guest-marketplace download.
 */
import { useLocation } from 'wouter';
import type { IdeaDto } from '../../shared/idea-schemas.ts';
import { logInThenOpenIdea } from '../lib/login-return.ts';
import { IdeaCard } from './IdeaCard.tsx';
import { CardGrid } from './ui/CardGrid.tsx';
import { FEATURED_GRID_COLUMNS } from './ui/ui-rules.ts';

export default function FeaturedIdeaGrid({ ideas, loggedIn }: { ideas: readonly IdeaDto[]; loggedIn: boolean }) {
  const [, navigate] = useLocation();
  return (
    <CardGrid label="精选创意列表" columns={FEATURED_GRID_COLUMNS}>
      {ideas.map((idea) => (
        <IdeaCard key={idea.id} idea={idea} href={loggedIn ? `/idea/${idea.id}` : '/login'} onOpen={loggedIn ? undefined : () => logInThenOpenIdea(idea.id, navigate)} headingLevel={3} />
      ))}
    </CardGrid>
  );
}
