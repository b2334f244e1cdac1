/**
 * Defines <altcha-widget> (decision 052). The build without bundled workers: its proof-of-work
 * worker and its stylesheet are files of our own origin, where the inline copies would need
 * `blob:` workers and inline styles that the portal's Content-Security-Policy refuses. Only the
 * algorithm our server issues is registered.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
// The portal's typographic apostrophe, as in every other text it shows.
$altcha.i18n.set('en', { ...$altcha.i18n.get('en'), label: 'I’m not a robot' });
