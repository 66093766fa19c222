// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobcloner.h"

#include "syncredis.h"

namespace {
// ARGV: the template's jid, the prefix, first n, last n, the data pattern ('' keep).
const QByteArray CloneScript = R"lua(
local t, prefix, first, last, pattern = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
local h = redis.call('hgetall', 'ql:j:' .. t)
if #h == 0 then return redis.error_reply('no template job ' .. t) end
local f, fields, jid_at, data_at = {}, {}, nil, nil
for i = 1, #h, 2 do
  f[h[i]] = h[i + 1]
  table.insert(fields, h[i])
  table.insert(fields, h[i + 1])
  if h[i] == 'jid' then jid_at = #fields end
  if h[i] == 'data' then data_at = #fields end
end
local history = redis.call('lrange', 'ql:j:' .. t .. '-history', 0, -1)
local q = f.queue or ''
local candidates = { 'ql:q:' .. q .. '-work', 'ql:q:' .. q .. '-scheduled', 'ql:q:' .. q .. '-locks',
  'ql:q:' .. q .. '-depends', 'ql:completed', 'ql:tracked' }
if f.worker and f.worker ~= '' then table.insert(candidates, 'ql:w:' .. f.worker .. ':jobs') end
local tags = cjson.decode(f.tags or '[]')
for _, tag in ipairs(tags) do table.insert(candidates, 'ql:t:' .. tag) end
local zsets = {}
for _, key in ipairs(candidates) do
  local score = redis.call('zscore', key, t)
  if score then table.insert(zsets, { key, score }) end
end
local group = nil
if f.state == 'failed' then group = cjson.decode(f.failure).group end
for n = first, last do
  local jid = prefix .. string.format('%07d', n)
  fields[jid_at] = jid
  if pattern ~= '' and data_at then fields[data_at] = string.gsub(pattern, '@N@', tostring(n)) end
  redis.call('hset', 'ql:j:' .. jid, unpack(fields))
  if #history > 0 then redis.call('rpush', 'ql:j:' .. jid .. '-history', unpack(history)) end
  for _, z in ipairs(zsets) do redis.call('zadd', z[1], z[2], jid) end
  if group then redis.call('lpush', 'ql:f:' .. group, jid) end
end
for _, tag in ipairs(tags) do redis.call('zincrby', 'ql:tags', last - first + 1, tag) end
return last - first + 1
)lua";

// Copies a call makes: a few ms of Redis each, so a million go in a few hundred calls.
constexpr qint64 Chunk = 5000;
} // namespace

namespace JobCloner {

QByteArray jid(const QByteArray &prefix, qint64 n)
{
    return prefix + QByteArray::number(n).rightJustified(7, '0');
}

QString clone(SyncRedis &redis, const QByteArray &templateJid, const QByteArray &prefix, qint64 first, qint64 count,
              const QByteArray &data)
{
    for (qint64 from = first; from < first + count; from += Chunk) {
        const qint64 last = qMin(first + count, from + Chunk) - 1;
        const RedisValue reply = redis.command(
            {"EVAL", CloneScript, "0", templateJid, prefix, QByteArray::number(from), QByteArray::number(last), data});
        if (reply.isError() || reply.integer != last - from + 1)
            return QStringLiteral("cloning %1: %2").arg(QString::fromUtf8(templateJid), QString::fromUtf8(reply.bytes));
    }
    return {};
}

} // namespace JobCloner
