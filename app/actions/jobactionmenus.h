// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include <functional>

class ActionCenter;
class QAction;
class QMenu;
class QWidget;
struct BulkTarget;
struct JobSelection;

// The job menus ActionCenter offers (a table's context menu, a job window's Actions, a page's
// "all matches" button): which actions fit the jobs chosen, in what words, and which stay off
// and why. Every entry calls back into ActionCenter, which confirms and runs; this class only
// builds menus, so the center keeps the running side readable. Its words stay in ActionCenter's
// translation context, where translators have always found them.
class JobActionMenus final
{
    Q_DECLARE_TR_FUNCTIONS(ActionCenter)
    Q_DISABLE_COPY_MOVE(JobActionMenus)

public:
    explicit JobActionMenus(ActionCenter *center);

    // See ActionCenter::fillJobMenu and ActionCenter::fillAllJobsMenu.
    void fillJobMenu(QMenu *menu, const JobSelection &selection, QWidget *parent);
    void fillAllJobsMenu(QMenu *menu, const JobSelection &selection, QWidget *parent);

private:
    // `anyRunning`: some job is running (or the list is a Running list): "Time out…" is offered.
    void addJobActions(QMenu *menu, const BulkTarget &target, const QString &listState, bool anyFailed, bool anyRunning,
                       const QStringList &knownTags, double priority, QWidget *parent);
    // A list of complete jobs: only what qless does to them.
    void addCompleteJobActions(QMenu *menu, const BulkTarget &target, const QStringList &knownTags, QWidget *parent);
    // Track, untrack and the tags: what every list offers, complete jobs too.
    void addTrackAndTagActions(QMenu *menu, const BulkTarget &target, const QStringList &knownTags, QWidget *parent);
    QAction *add(QMenu *menu, const QString &text, std::function<void()> triggered);

    ActionCenter *m_center;
};
