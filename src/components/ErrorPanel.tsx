import { useEffect, useState } from 'react';
import type { ErrorPanelProps } from './ErrorPanelView';

type View = (props: ErrorPanelProps) => React.ReactNode;

let loadedView: View | null = null;

/**
 * The panel and its words load with the first failure rather than with every page (a page that never fails
 * never needs them). Should they not load (the server that failed may be the one serving them too), the
 * error's own message stands in, with no Retry (a paid retry shows its price first, and that is the panel's
 * part), and the next panel tries again.
 */
function loadView(): Promise<View> {
  return import('./ErrorPanelView').then(
    (module) => (loadedView = module.ErrorPanelView),
    (): View =>
      ({ error }) => (
        <div role="alert" data-testid="error-panel" className="rounded-lg border border-red-300 p-3 text-sm">
          Something went wrong: {error instanceof Error ? error.message : String(error)}
        </div>
      ),
  );
}

/**
 * A failure said plainly, with Retry where trying again can help; what is already on screen stays.
 * A retry that buys shows its price (`retryCost`) before the click.
 */
export function ErrorPanel(props: ErrorPanelProps) {
  const [View, setView] = useState(() => loadedView);
  useEffect(() => {
    if (!View) void loadView().then((loaded) => setView(() => loaded));
  }, [View]);
  // Rendered whole or not at all: a panel that filled in its words a moment later would flash.
  return View ? <View {...props} /> : null;
}
