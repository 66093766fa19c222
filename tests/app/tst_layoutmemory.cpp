// SPDX-License-Identifier: GPL-3.0-or-later
#include "columnchooser.h"
#include "connectionbar.h"
#include "failedpage.h"
#include "joblistmodel.h"
#include "layoutmemory.h"
#include "mainwindow.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "refreshtimer.h"
#include "statspage.h"
#include "tagspage.h"
#include "workerspage.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

// The window restarted on the same settings file comes back as it was left: size, splitters,
// a table's column widths, order, hidden columns and sort, the page, the refresh interval and
// the chosen queue; the queue belongs to its server only; Reset layout gives the built layout
// back; garbage in the file is ignored. Against a real Redis, each window with its own session.
class TestLayoutMemory final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;
    QTemporaryDir m_dir;

    QString iniFile() const
    {
        return m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + QStringLiteral(".ini"));
    }

    // As main.cpp does it: memory first, then the window on screen, then the server.
    std::unique_ptr<MainWindow> open(int db = 0)
    {
        auto window = std::make_unique<MainWindow>();
        window->setMemory(std::make_unique<LayoutMemory>(iniFile()));
        window->show();
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        settings.db = db;
        window->setSession(std::make_unique<QlessSession>(settings));
        if (!QTest::qWaitForWindowExposed(window.get()))
            return nullptr;
        QCoreApplication::processEvents();
        return window;
    }

    static QueuesPage *queuesPage(MainWindow *window)
    {
        for (Page *page : window->pages()) {
            if (auto *queues = qobject_cast<QueuesPage *>(page))
                return queues;
        }
        return nullptr;
    }

    template<typename P>
    static P *page(MainWindow *window)
    {
        for (Page *each : window->pages()) {
            if (auto *found = qobject_cast<P *>(each))
                return found;
        }
        return nullptr;
    }

    static QSplitter *splitter(QWidget *root, const char *name)
    {
        return root->findChild<QSplitter *>(QString::fromLatin1(name));
    }

    static QHeaderView *waitingHeader(MainWindow *window)
    {
        return queuesPage(window)->tableView(QueuesPage::WaitingTab)->horizontalHeader();
    }

    static int otherInterval(MainWindow *window, int not_)
    {
        QComboBox *box = window->connectionBar()->intervalBox();
        for (int i = box->count() - 1; i >= 0; --i) {
            if (box->itemData(i).toInt() != not_ && box->itemData(i).toInt() > 0)
                return box->itemData(i).toInt();
        }
        return -1;
    }

    // What a window looks like with nothing remembered.
    struct Defaults
    {
        QSize size;
        QList<int> navigation;
        int klassWidth = 0;
        bool priorityHidden = false;
        int retriesAt = 0; // visual index
        int sortSection = 0;
        int interval = 0;
    };

    Defaults defaults()
    {
        const QString file = m_dir.filePath(QStringLiteral("defaults.ini"));
        QFile::remove(file);
        MainWindow window;
        window.setMemory(std::make_unique<LayoutMemory>(file));
        window.show();
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        window.setSession(std::make_unique<QlessSession>(settings));
        (void)QTest::qWaitForWindowExposed(&window);
        QCoreApplication::processEvents();
        Defaults d;
        d.size = window.size();
        d.navigation = splitter(&window, "navigationSplitter")->sizes();
        d.klassWidth = waitingHeader(&window)->sectionSize(JobListModel::KlassColumn);
        d.priorityHidden = waitingHeader(&window)->isSectionHidden(JobListModel::PriorityColumn);
        d.retriesAt = waitingHeader(&window)->visualIndex(JobListModel::RetriesColumn);
        d.sortSection = waitingHeader(&window)->sortIndicatorSection();
        d.interval = window.connectionBar()->refreshInterval();
        return d;
    }

    // Leaves a window changed in every remembered way; returns what it changed to.
    struct Changed
    {
        QSize size;
        QList<int> navigation;
        QList<int> queues;
        int klassWidth = 0;
        int interval = 0;
    };

    void change(MainWindow *window, Changed &c)
    {
        window->resize(1340, 720);
        QVERIFY(window->showPage(QStringLiteral("Queues")));
        QueuesPage *queues = queuesPage(window);
        queues->showQueue(QStringLiteral("parse"));
        QTRY_COMPARE_WITH_TIMEOUT(queues->queueModel()->rowCount(), 2, 20000);
        QCoreApplication::processEvents();
        splitter(window, "navigationSplitter")->setSizes({200, 560});
        splitter(window, "queuesSplitter")->setSizes({330, 220});
        QHeaderView *header = waitingHeader(window);
        header->resizeSection(JobListModel::KlassColumn, 211);
        header->hideSection(JobListModel::PriorityColumn);
        header->moveSection(header->visualIndex(JobListModel::RetriesColumn), 0);
        header->setSortIndicator(JobListModel::JidColumn, Qt::DescendingOrder);
        c.interval = otherInterval(window, window->connectionBar()->refreshInterval());
        window->connectionBar()->setRefreshInterval(c.interval);
        QCoreApplication::processEvents();
        c.size = window->size();
        c.navigation = splitter(window, "navigationSplitter")->sizes();
        c.queues = splitter(window, "queuesSplitter")->sizes();
        c.klassWidth = header->sectionSize(JobListModel::KlassColumn);
    }

    // A window of the first test's settings, changed and closed.
    void leaveChanged(int db = 0, Changed *changed = nullptr)
    {
        auto first = open(db);
        QVERIFY(first);
        Changed c;
        change(first.get(), c);
        first->close();
        if (changed)
            *changed = c;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // nothing of the user's own settings or audit log
        QVERIFY(m_dir.isValid());
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 3; ++i)
            m_fixture->put("crawl", "crawl-" + QByteArray::number(i), now - 60 + i);
        for (int i = 0; i < 5; ++i)
            m_fixture->put("parse", "parse-" + QByteArray::number(i), now - 60 + i);
    }

    void restartRestoresWhatWasChanged()
    {
        const Defaults built = defaults();
        Changed changed;
        leaveChanged(0, &changed);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(changed.interval > 0 && changed.interval != built.interval);
        QVERIFY(changed.klassWidth != built.klassWidth);
        QVERIFY(changed.navigation != built.navigation);
        QVERIFY(changed.size != built.size);
        QVERIFY(!built.priorityHidden && built.retriesAt != 0 && built.sortSection != JobListModel::JidColumn);
        auto second = open();
        QVERIFY(second);
        QCOMPARE(second->size(), changed.size);
        QCOMPARE(second->connectionBar()->refreshInterval(), changed.interval);
        QCOMPARE(second->refreshTimer()->interval(), changed.interval);
        QVERIFY(qobject_cast<QueuesPage *>(second->currentPage()));
        QueuesPage *queues = queuesPage(second.get());
        QCOMPARE(queues->currentQueue(), QStringLiteral("parse"));
        QCOMPARE(splitter(second.get(), "navigationSplitter")->sizes(), changed.navigation);
        QCOMPARE(splitter(second.get(), "queuesSplitter")->sizes(), changed.queues);
        QHeaderView *header = waitingHeader(second.get());
        QCOMPARE(header->sectionSize(JobListModel::KlassColumn), 211);
        QVERIFY(header->isSectionHidden(JobListModel::PriorityColumn));
        QCOMPARE(header->visualIndex(JobListModel::RetriesColumn), 0);
        QCOMPARE(header->sortIndicatorSection(), int(JobListModel::JidColumn));
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        // The sort is applied, not only drawn: pop order would start with parse-0.
        QTableView *view = queues->tableView(QueuesPage::WaitingTab);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 5, 20000);
        QCOMPARE(view->model()->index(0, JobListModel::JidColumn).data().toString(), QStringLiteral("parse-4"));
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        second->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/layoutmemory-restored.png"));
    }

    void everyPageChoiceComesBack()
    {
        {
            auto first = open();
            QVERIFY(first);
            auto *stats = page<StatsPage>(first.get());
            stats->setQueue(QStringLiteral("parse"));
            stats->setCompareQueue(QStringLiteral("crawl"));
            stats->setCompare(StatsPage::Compare::Queue);
            stats->setStripKind(StatsSeries::Kind::Run);
            page<FailedPage>(first.get())->showGroup(QStringLiteral("Job-Boom"));
            page<WorkersPage>(first.get())->showWorker(QStringLiteral("crawler-7"));
            page<TagsPage>(first.get())->showTag(QStringLiteral("urgent"));
            queuesPage(first.get())->showTab(QueuesPage::ScheduledTab);
            QVERIFY(first->showPage(QStringLiteral("Stats")));
            first->close();
        }
        auto second = open();
        QVERIFY(second);
        auto *stats = page<StatsPage>(second.get());
        QCOMPARE(second->currentPage(), stats);
        QCOMPARE(stats->queue(), QStringLiteral("parse"));
        QCOMPARE(stats->compare(), StatsPage::Compare::Queue);
        QCOMPARE(stats->compareQueue(), QStringLiteral("crawl"));
        QCOMPARE(stats->stripKind(), StatsSeries::Kind::Run);
        QCOMPARE(page<FailedPage>(second.get())->currentGroup(), QStringLiteral("Job-Boom"));
        QCOMPARE(page<WorkersPage>(second.get())->currentWorker(), QStringLiteral("crawler-7"));
        QCOMPARE(page<TagsPage>(second.get())->currentTag(), QStringLiteral("urgent"));
        QCOMPARE(queuesPage(second.get())->currentTab(), QueuesPage::ScheduledTab);
        // Untouched choices keep their defaults.
        QCOMPARE(queuesPage(second.get())->currentQueue(), QString());
    }

    // The header's menu shows a column the page leaves out and hides one it shows; the choice is
    // remembered with the rest of the header. The last visible column cannot be hidden.
    void headerMenuChoosesColumnsAndIsRemembered()
    {
        const auto actionFor = [](QMenu *menu, const QString &title) -> QAction * {
            for (QAction *action : menu->actions()) {
                if (action->text() == title)
                    return action;
            }
            return nullptr;
        };
        {
            auto first = open();
            QVERIFY(first);
            QTableView *view = queuesPage(first.get())->tableView(QueuesPage::WaitingTab);
            QHeaderView *header = view->horizontalHeader();
            QVERIFY(header->isSectionHidden(JobListModel::QueueColumn));
            QVERIFY(!header->isSectionHidden(JobListModel::PriorityColumn));
            std::unique_ptr<QMenu> menu(ColumnChooser::buildMenu(view));
            QAction *queue = actionFor(menu.get(), QStringLiteral("Queue"));
            QAction *priority = actionFor(menu.get(), QStringLiteral("Priority"));
            QVERIFY(queue && priority);
            QVERIFY(!queue->isChecked() && priority->isChecked());
            queue->trigger();
            priority->trigger();
            // Put is shown as built; an operator who hides it keeps it hidden.
            QVERIFY(!header->isSectionHidden(JobListModel::PutColumn));
            actionFor(menu.get(), QStringLiteral("Put"))->trigger();
            QVERIFY(header->isSectionHidden(JobListModel::PutColumn));
            QVERIFY(!header->isSectionHidden(JobListModel::QueueColumn));
            QVERIFY(header->sectionSize(JobListModel::QueueColumn) > 40);
            QVERIFY(header->isSectionHidden(JobListModel::PriorityColumn));
            first->close();
        }
        auto second = open();
        QVERIFY(second);
        QTableView *view = queuesPage(second.get())->tableView(QueuesPage::WaitingTab);
        QHeaderView *header = view->horizontalHeader();
        QVERIFY(!header->isSectionHidden(JobListModel::QueueColumn));
        QVERIFY(header->isSectionHidden(JobListModel::PriorityColumn));
        QVERIFY(header->isSectionHidden(JobListModel::PutColumn));

        for (int column = 0; column < JobListModel::ColumnCount; ++column) {
            if (column != JobListModel::JidColumn)
                header->hideSection(column);
        }
        std::unique_ptr<QMenu> menu(ColumnChooser::buildMenu(view));
        QAction *jid = actionFor(menu.get(), QStringLiteral("Job"));
        QVERIFY(jid);
        QVERIFY(jid->isChecked());
        QVERIFY(!jid->isEnabled());
        QVERIFY(actionFor(menu.get(), QStringLiteral("Queue"))->isEnabled());
    }

    // Put and last change were hidden on the Queues page's tabs before they were shown by
    // default; a header saved then (no version) does not hide them again, while what was saved
    // under the present version is restored (above).
    void columnsSavedBeforeDoNotHideNewDefaults()
    {
        {
            auto first = open();
            QVERIFY(first);
            for (QueuesPage::Tab tab : {QueuesPage::WaitingTab, QueuesPage::RunningTab}) {
                QHeaderView *header = queuesPage(first.get())->tableView(tab)->horizontalHeader();
                header->hideSection(JobListModel::PutColumn);
                header->hideSection(JobListModel::ChangedColumn);
            }
            first->close();
        }
        {
            QSettings file(iniFile(), QSettings::IniFormat);
            int dropped = 0;
            for (const QString &key : file.allKeys()) {
                if (key.endsWith(QLatin1String("View/version")) && file.value(key).toInt() > 0) {
                    file.remove(key);
                    ++dropped;
                }
            }
            QVERIFY2(dropped >= 5, qPrintable(QString::number(dropped))); // the five job tabs at least
        }
        auto second = open();
        QVERIFY(second);
        for (QueuesPage::Tab tab : {QueuesPage::WaitingTab, QueuesPage::RunningTab}) {
            QHeaderView *header = queuesPage(second.get())->tableView(tab)->horizontalHeader();
            QVERIFY(!header->isSectionHidden(JobListModel::PutColumn));
            QVERIFY(!header->isSectionHidden(JobListModel::ChangedColumn));
        }
    }

    void anotherServerKeepsItsOwnChoice()
    {
        leaveChanged();
        if (QTest::currentTestFailed())
            return;
        // The same Redis, another database: another server to the operator.
        auto other = open(1);
        QVERIFY(other);
        QCOMPARE(other->currentPage(), other->pages().first());
        QCOMPARE(queuesPage(other.get())->currentQueue(), QString());
        // Column layout is the window's, whatever the server.
        QCOMPARE(waitingHeader(other.get())->sectionSize(JobListModel::KlassColumn), 211);
        other->close();
        other.reset();
        // And going back to the first finds its queue.
        auto again = open(0);
        QVERIFY(again);
        QCOMPARE(queuesPage(again.get())->currentQueue(), QStringLiteral("parse"));
    }

    void resetLayoutGivesTheBuiltLayoutBack()
    {
        const Defaults built = defaults();
        leaveChanged();
        if (QTest::currentTestFailed())
            return;
        auto second = open();
        QVERIFY(second);
        QCOMPARE(waitingHeader(second.get())->sectionSize(JobListModel::KlassColumn), 211);
        auto *reset = second->findChild<QAction *>(QStringLiteral("resetLayoutAction"));
        QVERIFY(reset);
        reset->trigger();
        QCoreApplication::processEvents();
        QHeaderView *header = waitingHeader(second.get());
        QCOMPARE(header->sectionSize(JobListModel::KlassColumn), built.klassWidth);
        QCOMPARE(header->isSectionHidden(JobListModel::PriorityColumn), built.priorityHidden);
        QCOMPARE(header->visualIndex(JobListModel::RetriesColumn), built.retriesAt);
        QCOMPARE(header->sortIndicatorSection(), built.sortSection);
        QCOMPARE(second->size(), built.size);
        QCOMPARE(splitter(second.get(), "navigationSplitter")->sizes(), built.navigation);
        // Layout only: the page, the queue and the interval are choices, not layout.
        QCOMPARE(queuesPage(second.get())->currentQueue(), QStringLiteral("parse"));
        QVERIFY(second->connectionBar()->refreshInterval() != built.interval);
        QSettings file(iniFile(), QSettings::IniFormat);
        QVERIFY(!file.contains(QStringLiteral("window/geometry")));
        QVERIFY(file.childGroups().contains(QStringLiteral("servers")));
        QVERIFY(!file.childGroups().contains(QStringLiteral("widgets")));
    }

    void garbageIsIgnored()
    {
        const Defaults built = defaults();
        leaveChanged();
        if (QTest::currentTestFailed())
            return;
        {
            // Spoil every value the window wrote, each in another way.
            QSettings file(iniFile(), QSettings::IniFormat);
            const QStringList keys = file.allKeys();
            QVERIFY(keys.size() > 10);
            int n = 0;
            for (const QString &key : keys) {
                const QVariant value = file.value(key);
                if (key.endsWith(QLatin1String("/count"))) {
                    file.setValue(key, value.toInt() + 1);
                    continue;
                }
                // A sound state, but saved for another column count: Qt would take it, we must not.
                if (key.endsWith(QLatin1String("waitingView/state")))
                    continue;
                switch (n++ % 4) {
                case 0: file.setValue(key, QStringLiteral("garbage")); break;
                case 1: file.setValue(key, QByteArray("\x00\x00\x00\xff\x01junk", 10)); break;
                case 2: file.setValue(key, value.toByteArray().left(value.toByteArray().size() / 2)); break;
                case 3: file.setValue(key, QVariantList{42, QStringLiteral("x")}); break;
                }
            }
            file.setValue(QStringLiteral("refresh/intervalMs"), QStringLiteral("soon"));
            file.beginGroup(QStringLiteral("servers"));
            for (const QString &key : file.childKeys()) {
                file.setValue(key, QVariantMap{{QStringLiteral("page"), 42},
                                               {QStringLiteral("QueuesPage"),
                                                QVariantMap{{QStringLiteral("queue"), 7}, {QStringLiteral("tab"), 99}}},
                                               {QStringLiteral("StatsPage"), QStringLiteral("no map")}});
            }
            file.endGroup();
        }
        auto second = open();
        QVERIFY(second);
        QCOMPARE(second->size(), built.size);
        QCOMPARE(second->connectionBar()->refreshInterval(), built.interval);
        QCOMPARE(second->currentPage(), second->pages().first());
        QueuesPage *queues = queuesPage(second.get());
        QCOMPARE(queues->currentQueue(), QString());
        QCOMPARE(queues->currentTab(), QueuesPage::WaitingTab);
        QHeaderView *header = waitingHeader(second.get());
        QCOMPARE(header->sectionSize(JobListModel::KlassColumn), built.klassWidth);
        QCOMPARE(header->isSectionHidden(JobListModel::PriorityColumn), built.priorityHidden);
        QCOMPARE(header->visualIndex(JobListModel::RetriesColumn), built.retriesAt);
        QCOMPARE(header->sortIndicatorSection(), built.sortSection);
        QCOMPARE(splitter(second.get(), "navigationSplitter")->sizes(), built.navigation);
        // And it still works: the Overview lists both queues.
        QVERIFY(second->showPage(QStringLiteral("Queues")));
        QTRY_COMPARE_WITH_TIMEOUT(queues->queueModel()->rowCount(), 2, 20000);
    }
};

QTEST_MAIN(TestLayoutMemory)
#include "tst_layoutmemory.moc"
