import { useEffect, useState } from 'react';
import { PENDING_SEARCH_KEY, searchQueryOf } from '../../lib/search-query.ts';
import { takeSessionEnded, waitingIdeaReturn, waitingPageName } from '../../lib/login-return.ts';
import { LOGIN_MSG } from './login-messages.ts';

/** A guest's search from the top bar, waiting for this login (shown, not taken). */
function pendingSearch(): string | null {
  try {
    return searchQueryOf(sessionStorage.getItem(PENDING_SEARCH_KEY) ?? '');
  } catch {
    return null;
  }
}

/**
 * What the login is for: a guest's search, an idea or member page waiting, a session that ended.
 * `registered`: 注册成功，请登录 is shown, and the notes but the search give way to it.
 */
export function WaitingNotes({ registered }: { registered: boolean }) {
  const [sessionEnded, setSessionEnded] = useState(false);
  // After the first render: the prerendered page has no note, so hydration draws it the same.
  useEffect(() => setSessionEnded(takeSessionEnded()), []);
  // A guest who tapped an idea's card is told they will come back to it (after the first render too).
  const [waitingIdea, setWaitingIdea] = useState(false);
  useEffect(() => setWaitingIdea(waitingIdeaReturn(sessionStorage)), []);
  // A guest who opened a member page is told why they are here, and where the login leads.
  const [waitingPage, setWaitingPage] = useState<string | null>(null);
  useEffect(() => setWaitingPage(waitingPageName(sessionStorage)), []);
  const [waitingSearch] = useState(pendingSearch);
  return (
    <>
      {waitingSearch && (
        <p className="notice" data-testid="pending-search">
          登录后将为你继续搜索「{waitingSearch}」
        </p>
      )}
      {waitingIdea && !sessionEnded && !registered && (
        <p className="notice" data-testid="pending-idea">
          {LOGIN_MSG.ideaWaiting}
        </p>
      )}
      {waitingPage && !sessionEnded && !registered && (
        <p className="notice" data-testid="pending-page">
          {LOGIN_MSG.pageWaiting(waitingPage)}
        </p>
      )}
      {sessionEnded && !registered && (
        <p className="notice" role="status" data-testid="session-ended">
          {LOGIN_MSG.sessionEnded}
        </p>
      )}
    </>
  );
}
