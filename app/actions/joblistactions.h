// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>

class JobListModel;
class QAbstractItemView;
class QlessSession;

// Makes a job table an action surface: several rows can be selected (ctrl/shift ranges, Ctrl+A
// for all rows shown), and its context menu offers ActionCenter's actions for the selection and
// for every job of the list, rows not loaded included. Delete cancels the selection (confirmed)
// unless Options::cancelOnDelete is off. Ctrl+Shift+C copies the selected jids, one a line; the
// menu offers that and Ctrl+C's rows too. Rows drag out as their jids (JidDragSource).
namespace JobListActions {

struct Options
{
    // The failure group the table lists, so "all" runs on the server in batches.
    std::function<QString()> group;
    // Why "all jobs of the list" is not offered now (a filter narrows the rows shown, but the
    // list on the server is not filtered), or empty when it is.
    std::function<QString()> whyNotAll;
    // Whether Delete cancels the selection. Off where qless would skip every job anyway (a
    // complete job is never cancelled), so the key does not promise what cannot happen.
    bool cancelOnDelete = true;
};

void install(QAbstractItemView *view, const JobListModel *model, QlessSession *session, const Options &options = {});

} // namespace JobListActions
