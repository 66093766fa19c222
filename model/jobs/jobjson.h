// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

struct Job;

// A job as JSON text for a person to paste somewhere (a bug report, a chat, an editor): the
// fields of qless's `get` reply under qless's own names, so it reads like what qless-web or the
// Ruby gem shows. `data` is nested as the JSON it holds (a string when it is not JSON), and the
// history is the event list whichever form Redis keeps it in.
namespace JobJson {
QByteArray toJson(const Job &job);
}
