// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

class SyncRedis;

// Many jobs fast, for tests and the bench that need 100,000 or a million of them: a template job
// is made through our scripts (put, pop, fail, complete: whatever state it should be in), then
// copied by a test-only Lua snippet, in chunks, with its jid changed. A copy is what our scripts
// would have written for it: its hash and history list, and its place in every list the template
// is in (its queue's work, scheduled, locks or depends set, its worker's jobs, completed,
// tracked, its tags' sets and counts, its failure group's list), at the template's score.
namespace JobCloner {

// Copies `templateJid` as `prefix` + n for n in [first, first + count), the data as `data` with
// "@N@" replaced by n (empty: the template's). Returns an error, or empty.
QString clone(SyncRedis &redis, const QByteArray &templateJid, const QByteArray &prefix, qint64 first, qint64 count,
              const QByteArray &data = {});

// The jid of copy n.
QByteArray jid(const QByteArray &prefix, qint64 n);

} // namespace JobCloner
