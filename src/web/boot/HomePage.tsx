// The entry of the server-rendered HomePage (decision 45): the app and the page in one module
// graph, so the page is hydrated while the document's scripts run, before its load event.
import { start } from '../start';
import * as page from '../pages/HomePage';

start(page);
