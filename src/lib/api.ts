import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sessionEpoch } from '../stores/session';
import { fetchWithEarlyAnswers } from './early-answers';
import { resumePoint } from './events';
import { createHttp } from './http';
import { mantineHttpUi } from './http-ui';
import { getToken } from './token';

/** The app's one http client instance. */
export const http = createHttp({
  getToken,
  // The original console sent the session's stored value or 'RUB' (docs/product.md §7); kept on purpose.
  getLanguage: () => sessionStorage.getItem('Language') ?? undefined,
  ui: mantineHttpUi,
  fallbackMessage: () => i18n._(msg`Error`),
  fetch: fetchWithEarlyAnswers,
  sessionEpoch,
  onEventPosition: (position) => resumePoint.note(position),
});
