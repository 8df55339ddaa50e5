/**
 * One browser on the shared feed: the server answers its ping, subscribe and unsubscribe itself
 * (checking what the upstream would refuse for the whole message: bad JSON, command, channel,
 * type, empty list) and hands subscriptions to the feed.
 */
import type { RelayPeer } from '../browser-peer.ts';
import type { DataSourceLink } from '../data-source.ts';
import { invalid, isChannel, isProductType, parseClientMessage, pong, spellingOf } from './replies.ts';
import type { SharedFeed } from './shared-feed.ts';

export function feedSession(feed: SharedFeed, peer: RelayPeer, now: () => number = Date.now): DataSourceLink {
  feed.attach(peer);
  let open = true;
  return {
    receive: (text) => {
      if (!open) return;
      const parsed = parseClientMessage(text);
      if ('reply' in parsed) {
        peer.send(parsed.reply);
        return;
      }
      const { command } = parsed;
      if (command.cmd === 'ping') {
        peer.send(pong(now()));
        return;
      }
      const { cmd, channel, type } = command;
      const spellings = [...new Set(command.symbols.map(spellingOf))];
      if (!isChannel(channel)) {
        peer.send(invalid.channel(cmd, channel));
      } else if (type !== undefined && !isProductType(type)) {
        peer.send(invalid.type(cmd, channel));
      } else if (spellings.length === 0) {
        peer.send(invalid.empty(cmd, channel));
      } else if (cmd === 'subscribe') feed.subscribe(peer, channel, spellings, type);
      else feed.unsubscribe(peer, channel, spellings, type);
    },
    closed: () => {
      if (!open) return;
      open = false;
      feed.detach(peer);
    },
  };
}
