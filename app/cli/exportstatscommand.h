// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headlesscommand.h"
#include "statsseries.h"

#include <QDate>
#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

// `qlessdesk export-stats`: one queue's wait and/or run histogram of one day, read from a qless
// server and written to a PNG, SVG, PDF or CSV file, with no window and no display. For cron jobs
// and reports: every problem ends the program with one line on stderr and a non-zero exit code,
// and leaves no file behind.
class ExportStatsCommand final : public HeadlessCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExportStatsCommand)

public:
    struct Options
    {
        QString url;
        QString queue;
        QDate date;
        QList<StatsSeries::Kind> kinds;
        QSize size;
        QString out;
        int timeoutSeconds = 15;
        // Light unless --theme dark: a chart in a report is read on white.
        bool dark = false;
    };

    static QString name() { return QStringLiteral("export-stats"); }
    // Whether argv asks for this command (its first argument is the command's name).
    static bool isRequested(int argc, char *argv[]);
    // Runs the whole command, QApplication included; returns the exit code for main().
    static int run(int argc, char *argv[]);

    // Reads the command line (without the program and command names). False with a message on
    // anything wrong; `helpText` is set when --help was asked for instead.
    static bool parse(const QStringList &arguments, Options *options, QString *error, QString *helpText = nullptr);

private:
    // Connects, reads and writes; `error` gets the line printed on failure.
    static int execute(const Options &options, QString *error);
};
