// SPDX-License-Identifier: GPL-3.0-or-later
#include "pagelist.h"

#include "activitypage.h"
#include "alertspage.h"
#include "bluequepage.h"
#include "bluequesearchpage.h"
#include "completedpage.h"
#include "configpage.h"
#include "eventspage.h"
#include "failedpage.h"
#include "historypage.h"
#include "overviewpage.h"
#include "queuespage.h"
#include "searchpage.h"
#include "sidejobjobspage.h"
#include "sidejobsearchpage.h"
#include "sidejobsidekiqpage.h"
#include "statspage.h"
#include "tagspage.h"
#include "trackedpage.h"
#include "workerspage.h"

QList<Page *> createPages(QlessSession *session, QWidget *parent)
{
    QList<Page *> pages{
        new OverviewPage(session, parent), new QueuesPage(session, parent),  new CompletedPage(session, parent),
        new FailedPage(session, parent),   new TrackedPage(session, parent), new TagsPage(session, parent),
        new WorkersPage(session, parent),  new StatsPage(session, parent),   new ConfigPage(session, parent),
        new ActivityPage(session, parent), new EventsPage(session, parent),  new SearchPage(session, parent),
        new AlertsPage(session, parent),   new HistoryPage(session, parent), new BluequePage(session, parent),
    };
    // Blueque's search, listed after its page and only while the server holds Blueque.
    pages << new BluequeSearchPage(session, parent);
    // SideJob's pages, listed only while the server holds SideJob (Page::isAvailable).
    pages << new SideJobJobsPage(session, parent) << new SideJobSearchPage(session, parent)
          << new SideJobSidekiqPage(session, parent);
    return pages;
}
