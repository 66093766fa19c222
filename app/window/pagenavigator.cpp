// SPDX-License-Identifier: GPL-3.0-or-later
#include "pagenavigator.h"

#include "activitypage.h"
#include "alertspage.h"
#include "failedpage.h"
#include "mainwindow.h"
#include "queuespage.h"
#include "tagspage.h"
#include "workerspage.h"

PageNavigator::PageNavigator(MainWindow *window)
    : QObject(window)
    , m_window(window)
{}

template<typename P>
P *PageNavigator::show() const
{
    for (Page *page : m_window->pages()) {
        if (auto *found = qobject_cast<P *>(page)) {
            m_window->showPage(found->title());
            return found;
        }
    }
    return nullptr;
}

void PageNavigator::openQueue(const QString &queue)
{
    if (auto *page = show<QueuesPage>())
        page->showQueue(queue);
}

void PageNavigator::openTag(const QString &tag)
{
    if (auto *page = show<TagsPage>())
        page->showTag(tag);
}

void PageNavigator::openFailureGroup(const QString &group)
{
    if (auto *page = show<FailedPage>())
        page->showGroup(group);
}

void PageNavigator::openWorker(const QString &worker)
{
    if (auto *page = show<WorkersPage>())
        page->showWorker(worker);
}

void PageNavigator::openAlerts()
{
    show<AlertsPage>();
}

void PageNavigator::openActivityRun(const QString &run, qint64 timeMs)
{
    if (auto *page = show<ActivityPage>())
        page->selectRun(run, timeMs);
}
