import { recordVisit } from '@/lib/attribution/browser';
import { installChunkRecovery } from '@/lib/navigation/chunk-recovery';
import { followInFullWhenOutdated } from '@/lib/navigation/navigate';
import { startBuildWatch } from './build-watch';
import { startConsent } from './consent';
import { restoreConsultationDraft } from './consultation-draft';
import { enhanceCurrencySwitch } from './currency';
import { enhanceHeader } from './header';
import { markInteractive } from './interactive';
import { enhanceMessengerButtons } from './messenger';
import { rememberPageLanguage } from './page-language';

/*
 * The one script of every page (src/layouts/site-layout.astro), small and
 * free of any framework: reading pages load nothing else. Islands bring their
 * own code. It runs once the document is parsed.
 */

// First, so that a file of the build that fails from now on is caught.
installChunkRecovery();
enhanceHeader();
rememberPageLanguage();
// Where the visit came from, for a request sent later (src/lib/attribution/).
recordVisit();
enhanceMessengerButtons();
enhanceCurrencySwitch();
// What was typed into the form before a switch of currency or language loaded this page.
restoreConsultationDraft();
document.addEventListener('click', followInFullWhenOutdated);
void markInteractive().then(startBuildWatch);
startConsent();
