import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState } from 'react';
import {
  deliveriesQueryOptions,
  removeWebhook,
  saveWebhook,
  webhookKeys,
  webhookQueryOptions,
  type Delivery,
  type Webhook,
  type WebhookOwner,
  type WebhookRequest,
} from '../../../api/watch-webhooks';
import { CopyButton, smallButton } from '../../../components/CopyButton';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { button, field, free, hint, label } from '../../../components/form-styles';
import { RefusalError } from '../../../components/RefusalError';
import { useCacheMutation } from '../../../lib/use-cache-mutation';
import { moment } from '../watch-words';

const STATE_TONE: Record<Delivery['state'], string> = {
  delivered: 'text-emerald-800 dark:text-emerald-300',
  pending: 'text-amber-800 dark:text-amber-300',
  failed: 'text-red-700 dark:text-red-300',
};

function deliveryWords(delivery: Delivery): string {
  const status = delivery.lastStatus === null ? '' : ` · HTTP ${delivery.lastStatus}`;
  const retry = delivery.nextAttemptAt === null ? '' : ` · next try ${moment(delivery.nextAttemptAt)}`;
  return `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}${status}${retry}`;
}

/** A watch's deliveries, newest first: when, to which webhook, its state, attempts, next retry and what went wrong. */
function Deliveries({ watchId }: { watchId: string }) {
  const deliveries = useQuery(deliveriesQueryOptions(watchId));
  if (deliveries.error && !deliveries.data) return <ErrorPanel error={deliveries.error} compact />;
  if (!deliveries.data) return null;
  if (deliveries.data.length === 0)
    return <p className={hint}>No deliveries yet: one is sent after each run that finds something new.</p>;
  return (
    <ul className="space-y-1" data-testid="webhook-deliveries" aria-label="Deliveries">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} data-testid="webhook-delivery" data-state={delivery.state} className="text-xs">
          <span className="tabular-nums text-slate-700 dark:text-slate-300">{moment(delivery.createdAt)}</span> ·{' '}
          <span className={`font-semibold ${STATE_TONE[delivery.state]}`}>{delivery.state}</span> · {delivery.items}{' '}
          item{delivery.items === 1 ? '' : 's'} to {delivery.scope === 'watch' ? "this watch's" : 'your'} webhook ·{' '}
          {deliveryWords(delivery)}
          {delivery.lastError && delivery.state !== 'delivered' && (
            <span className="block break-words text-red-700 dark:text-red-300">{delivery.lastError}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The secret, to copy into the receiver that checks X-Creditscope-Signature; a new one at a press. */
function Secret({ webhook, onReset }: { webhook: Webhook; onReset: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className={label}>Secret</span>
      <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800" data-testid="webhook-secret">
        {webhook.secret}
      </code>
      <CopyButton text={webhook.secret} label="Copy" />
      <button type="button" className={smallButton} data-testid="webhook-reset-secret" onClick={onReset}>
        New secret
      </button>
    </div>
  );
}

/**
 * A webhook: one watch's own (`watchId`), or the person's for all their watches (null). After each run that finds
 * something new, the server POSTs its items to the URL, signed with the secret shown here (README, "Webhooks");
 * a watch's part lists its deliveries. Free: nothing here buys anything.
 */
export function WebhookPanel({ watchId }: { watchId: WebhookOwner }) {
  const client = useQueryClient();
  const webhook = useQuery(webhookQueryOptions(watchId));
  const land = (next: Webhook | null) => client.setQueryData(webhookKeys.webhook(watchId), next);
  const save = useCacheMutation((request: WebhookRequest) => saveWebhook(watchId, request), land);
  const remove = useCacheMutation(() => removeWebhook(watchId), land);
  const failed = save.error ?? remove.error;

  if (webhook.error && !webhook.data) return <ErrorPanel error={webhook.error} compact />;
  if (webhook.data === undefined) return null;
  const current = webhook.data;
  return (
    <div className="space-y-2" data-testid={watchId === null ? 'person-webhook' : 'watch-webhook'}>
      {/* Keyed by what is saved: the field starts from it again after each save or removal. */}
      <UrlForm
        key={current?.url ?? ''}
        saved={current}
        saving={save.isPending}
        onSave={(url) => save.mutate({ url })}
        onRemove={() => remove.mutate(undefined)}
      />
      <p className={hint}>
        After each run that finds something new, its items are POSTed here as JSON (with a <code>text</code> line chat
        tools show), signed with the secret in <code>X-Creditscope-Signature</code>; a failed delivery is tried again
        (by default after 1 min, 5 min, 30 min, 2 h and 12 h).
      </p>
      {current && <Secret webhook={current} onReset={() => save.mutate({ url: current.url, resetSecret: true })} />}
      {failed !== null && <RefusalError error={failed} title="The webhook did not change" testId="webhook-error" />}
      {watchId !== null && <Deliveries watchId={watchId} />}
    </div>
  );
}

function UrlForm(props: {
  saved: Webhook | null;
  saving: boolean;
  onSave: (url: string) => void;
  onRemove: () => void;
}) {
  const [url, setUrl] = useState(props.saved?.url ?? '');
  const inputId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(url);
      }}
    >
      <label htmlFor={inputId} className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        <span className={label}>Webhook URL</span>
        <input
          id={inputId}
          type="url"
          required
          className={field}
          placeholder="https://hooks.slack.com/services/…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          data-testid="webhook-url"
        />
      </label>
      <button type="submit" className={button} data-testid="webhook-save" aria-busy={props.saving || undefined}>
        <WebhookIcon aria-hidden className="h-4 w-4" />
        {props.saved ? 'Save' : 'Set webhook'} <span className={free}>free</span>
      </button>
      {props.saved && (
        <button type="button" className={button} data-testid="webhook-remove" onClick={props.onRemove}>
          Remove
        </button>
      )}
    </form>
  );
}

/** A watch row's Webhook part, opened at a press (its webhook and deliveries are read only then). */
export function WatchWebhook({ watchId }: { watchId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        className={smallButton}
        aria-expanded={open}
        data-testid="watch-webhook-toggle"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide webhook' : 'Webhook'}
      </button>
      {open && (
        <div className="mt-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <WebhookPanel watchId={watchId} />
        </div>
      )}
    </div>
  );
}
