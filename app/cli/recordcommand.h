// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headlesscommand.h"

#include <QString>

// `qlessdesk record --url URL [--database PATH]`: records a server's history (HistoryRecorder)
// with no window, for a machine that stays on, until SIGINT or SIGTERM; then writes what it
// counted and ends with 0. A window on the same machine and server reads that record while this
// runs (the recorder lock keeps it the only writer). Exits 1 when another process already
// records into the file or the file cannot be used, 2 for a wrong command line. Problems met
// while recording (a damaged file moved aside, the server away) go to stderr, one line each.
class RecordCommand final : public HeadlessCommand
{
    Q_DECLARE_TR_FUNCTIONS(RecordCommand)

public:
    struct Options
    {
        QString url;
        QString database; // empty: the server's file under the application's data folder
    };

    static QString name() { return QStringLiteral("record"); }
    static bool isRequested(int argc, char *argv[]);
    static int run(int argc, char *argv[]);
    static bool parse(const QStringList &arguments, Options *options, QString *error, QString *helpText = nullptr);

private:
    static int execute(const Options &options, QString *error);
};
