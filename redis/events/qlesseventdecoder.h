// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pubsubmessage.h"
#include "qlessevent.h"

#include <QList>

// Turns what the events subscriber hears into QlessEvents, tolerantly: a payload that is not
// JSON, not an object or has no `event` is kept with a problem said in words, and an event we do
// not know is kept as published. Also says which channels carry qless's events.
namespace QlessEventDecoder {
// ql:log and every ql:<event> a tracked job's jid goes to.
QList<QByteArray> channels();
// The events qless publishes, for a filter's choices (more may come: they are shown too).
QStringList knownEvents();
QlessEvent decode(const PubSubMessage &message);
} // namespace QlessEventDecoder
