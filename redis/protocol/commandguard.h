// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// Commands a caller may not send on our shared, pipelined connection, because the replies that
// follow them would no longer match the requests one to one (SUBSCRIBE, MONITOR, CLIENT REPLY
// OFF, HELLO 3), they change the connection under everyone else's feet (RESET, SELECT, AUTH,
// QUIT), or they would hold the pipeline for as long as they block (BLPOP, WAIT). Checked
// before sending, so a refused command never reaches the server.
namespace CommandGuard {
// Empty when `argv` may be sent; else why not, in words for the operator.
QString refusal(const QList<QByteArray> &argv);
} // namespace CommandGuard
