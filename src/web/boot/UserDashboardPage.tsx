// The entry of UserDashboardPage, which the server renders for its signed-in viewer (decision 92): the app
// and the page in one module graph, so the page is hydrated with its module at hand (start.tsx):
// a click at its load event reaches the app.
import { start } from '../start';
import * as page from '../pages/UserDashboardPage';

start(page);
