// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headlesscommand.h"
#include "tableexportview.h"

#include <QString>
#include <QStringList>

// `qlessdesk export-table`: one of the console's tables (queues, a state's jobs, failure groups or
// a group's jobs, completed, workers or a worker's jobs, tracked, tags or a tag's jobs, config, the
// activity log, and Blueque's blueque-queues, blueque-tasks and blueque-listeners) read whole from the
// server and written as CSV, with no window. For scripts and
// reports: every problem ends the program with one line on stderr and a non-zero exit code, and
// leaves no file behind (TableCsvExport writes under a temporary name and renames at the end).
class ExportTableCommand final : public HeadlessCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExportTableCommand)

public:
    struct Options
    {
        QString url;
        TableExportView view;
        QString out;
        int timeoutSeconds = 15;
    };

    static QString name() { return QStringLiteral("export-table"); }
    static bool isRequested(int argc, char *argv[]);
    // Runs the whole command, its QCoreApplication included; returns the exit code for main().
    static int run(int argc, char *argv[]);

    // Reads the command line (without the program and command names). False with a message on
    // anything wrong; `helpText` is set when --help was asked for instead.
    static bool parse(const QStringList &arguments, Options *options, QString *error, QString *helpText = nullptr);
    // Connects, reads and writes; needs a running QCoreApplication (tests call it in-process).
    // `error` gets the line printed on failure.
    static int execute(const Options &options, QString *error);
};
