// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headlesscommand.h"

#include <QString>

// `qlessdesk export-history --url URL [--queue Q] [--from T] [--to T] [--database PATH] --out
// FILE.csv|png|svg|pdf`: a server's recorded history (what `qlessdesk record` or a window wrote)
// as CSV, one row per queue and minute (coarser buckets, past the minutes kept, say their
// length), or as the History page's chart (--kind, of --queue or all queues summed). Reads only
// the history file the recorder uses for that URL: it never connects to the server and never
// writes the file. T is ISO 8601 (UTC unless it says otherwise) or relative to now (-90m, -24h,
// -7d, now); the default is the last 24 hours. Exits 1 when there is no history file for that
// server, it cannot be read or the range holds nothing; 2 for a wrong command line.
class ExportHistoryCommand final : public HeadlessCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExportHistoryCommand)

public:
    struct Options
    {
        QString url;
        QString queue;    // empty: every queue, each in its own rows
        QString database; // empty: the server's file under the application's data folder
        qint64 fromMs = 0;
        qint64 toMs = 0;
        QString out;
        int kind = 0; // HistoryChart::Kind, for a picture
    };

    static QString name() { return QStringLiteral("export-history"); }
    static bool isRequested(int argc, char *argv[]);
    static int run(int argc, char *argv[]);
    // `nowMs` anchors the relative times (a test passes its own).
    static bool parse(const QStringList &arguments, qint64 nowMs, Options *options, QString *error,
                      QString *helpText = nullptr);
    // "-24h", "now" or ISO 8601 as milliseconds since the epoch; false when it is neither.
    static bool parseTime(const QString &text, qint64 nowMs, qint64 *ms);

private:
    static int execute(const Options &options, QString *error);
};
