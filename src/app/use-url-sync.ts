/**
 * Keeps the workspace and the URL in step: the URL is read once at start (bad values become
 * notices), then every workspace change is written back with history.replaceState, and a new
 * symbol gets its own history entry so Back returns to the previous one. The language rides
 * along as `lang=` (left out for English, the default); the store took a link's language when it
 * loaded (src/store/app-store.ts), so here only a bad one is reported.
 */
import { useEffect } from 'react';
import { t } from '../i18n/t';
import { badLinkLanguage, linkLanguage } from '../i18n/link-language';
import type { Language } from '../i18n/locales';
import { switchLanguage } from '../i18n/use-language';
import { useAppStore } from '../store/app-store';
import type { ChartLayout } from '../store/chart-layout';
import type { Workspace } from '../store/workspace-slice';
import { LANGUAGE_NAMES } from './language-menu';
import { linkView, serializeLayout, serializeWorkspace } from './url-state';

function searchOf(workspace: Workspace, layout: ChartLayout, language: Language): string {
  const search = `${serializeWorkspace(workspace)}${serializeLayout(layout)}`;
  // A running replay's parameter (features/replay/replay-url.ts) stays: the replay keeps it.
  const replay = new URLSearchParams(window.location.search).get('replay');
  const withReplay = replay === null ? search : `${search}&replay=${replay}`;
  return language === 'en' ? withReplay : `${withReplay}&lang=${language}`;
}

export function useUrlSync(): void {
  useEffect(() => {
    const apply = () => {
      const store = useAppStore.getState();
      const { workspace, layout, problems } = linkView(window.location.search, store.layout);
      store.updateLayout(() => layout);
      store.replaceWorkspace(workspace);
      if (problems.length > 0) store.pushNotice('warning', () => t('Ignored {values} in the link; showing defaults instead.', { values: problems.join(', ') }));
      const language = linkLanguage(window.location.search);
      if (language !== undefined && language !== store.preferences.language) void switchLanguage(language);
    };
    apply();
    const bad = badLinkLanguage(window.location.search);
    if (bad !== undefined) {
      useAppStore.getState().pushNotice('warning', () => {
        const { language } = useAppStore.getState().preferences;
        return t('Unknown language “{value}” in the link; showing {language} instead.', {
          value: bad,
          language: language === 'pseudo' ? language : LANGUAGE_NAMES[language],
        });
      });
    }
    // Make the first URL explicit too, so it can be shared as it is.
    const first = useAppStore.getState();
    window.history.replaceState(null, '', `${window.location.pathname}${searchOf(first.workspace, first.layout, first.preferences.language)}`);
    const onPopState = () => {
      apply();
    };
    window.addEventListener('popstate', onPopState);
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.workspace === previous.workspace && state.layout === previous.layout && state.preferences.language === previous.preferences.language) return;
      const search = searchOf(state.workspace, state.layout, state.preferences.language);
      if (search === window.location.search) return;
      const url = `${window.location.pathname}${search}`;
      if (state.workspace.symbol !== previous.workspace.symbol) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    });
    return () => {
      window.removeEventListener('popstate', onPopState);
      unsubscribe();
    };
  }, []);
}
