// SPDX-License-Identifier: GPL-3.0-or-later
#include "failedpage.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "pagetestbase.h"
#include "queuespage.h"
#include "tablecsvexport.h"
#include "tableexportbutton.h"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>

// "Export CSV…" in the window: the whole list is written (read from the server page by page),
// not the rows the table has loaded; the progress dialog's Cancel leaves no file.
class TestExportTableWindow final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr int Failed = 1234; // far more than a job list loads at first (200)
    QTemporaryDir m_dir;
    double m_now = 0;

    static int csvLines(const QString &path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return -1;
        return int(file.readAll().count("\r\n")); // no job field here holds a line break
    }

    // Presses the button, answers its file dialog with `path`.
    static void pressAndSave(TableExportButton *button, const QString &path)
    {
        QTest::mouseClick(button, Qt::LeftButton);
        QFileDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = button->window()->findChild<QFileDialog *>()) != nullptr);
        dialog->setOption(QFileDialog::DontUseNativeDialog);
        dialog->selectFile(path);
        QVERIFY(QMetaObject::invokeMethod(dialog, "accept")); // its Save button
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
        m_now = QDateTime::currentMSecsSinceEpoch() / 1000.0;
        for (int i = 0; i < Failed; ++i)
            fixture().qless("put", m_now, {"w", "crawl", "job-" + QByteArray::number(i), "Crawl::Job", "{}", "0"});
        const QJsonArray popped =
            fixture().qlessJson("pop", m_now, {"crawl", "w1", QByteArray::number(Failed)}).toArray();
        QCOMPARE(popped.size(), Failed);
        for (const QJsonValue &job : popped) {
            const QByteArray jid = job.toObject().value(QStringLiteral("jid")).toString().toUtf8();
            QVERIFY(!fixture().qless("fail", m_now, {jid, "w1", "boom", "it broke", "{}"}).isError());
        }
    }
    void cleanupTestCase() { stopServer(); }

    void failedGroupExportsEveryJobNotOnlyThoseLoaded()
    {
        auto s = session();
        FailedPage page(s.get());
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        page.showGroup(QStringLiteral("boom"));
        QTRY_VERIFY_WITH_TIMEOUT(page.jobPane()->model()->rowCount() > 0, 30000);
        const int loaded = page.jobPane()->model()->rowCount();
        QVERIFY2(loaded < Failed, qPrintable(QString::number(loaded)));

        TableExportButton *button = page.jobPane()->exportButton();
        QVERIFY(button->isVisible() && button->isEnabled());
        screenshot(&page, QStringLiteral("export-failed-page"));
        const QString path = m_dir.filePath(QStringLiteral("boom.csv"));
        QSignalSpy finished(button, &TableExportButton::finished);
        pressAndSave(button, path);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        QCOMPARE(csvLines(path), Failed + 1);                  // the header and every job of the group
        QCOMPARE(page.jobPane()->model()->rowCount(), loaded); // the table itself loaded nothing more
        QVERIFY(button->lastResult().contains(QStringLiteral("1,234")));
        QVERIFY(button->isEnabled());

        // The groups table has its own.
        const QString groups = m_dir.filePath(QStringLiteral("groups.csv"));
        QSignalSpy groupsDone(page.groupsExportButton(), &TableExportButton::finished);
        QVERIFY(page.groupsExportButton()->exportTo(groups));
        QTRY_COMPARE_WITH_TIMEOUT(groupsDone.count(), 1, 30000);
        QCOMPARE(csvLines(groups), 2);
    }

    void cancelLeavesNoFile()
    {
        auto s = session();
        FailedPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        page.showGroup(QStringLiteral("boom"));
        TableExportButton *button = page.jobPane()->exportButton();
        const QString path = m_dir.filePath(QStringLiteral("cancelled.csv"));
        QSignalSpy finished(button, &TableExportButton::finished);
        QVERIFY(button->exportTo(path));
        QVERIFY(!button->isEnabled()); // one export at a time
        QVERIFY(button->progressDialog());
        // Cancel as the first page is written (more are still to come): what the operator sees of
        // a long export (the dialog itself waits 400 ms to appear), then its Cancel button.
        auto *csv = button->findChild<TableCsvExport *>();
        QVERIFY(csv);
        QString label;
        connect(
            csv, &TableCsvExport::progress, this,
            [button, &label] {
                QProgressDialog *progress = button->progressDialog();
                if (!progress || !label.isEmpty())
                    return;
                progress->show();
                label = progress->labelText();
                screenshot(progress, QStringLiteral("export-progress"));
                if (QPushButton *cancel = progress->findChild<QPushButton *>())
                    cancel->click();
            },
            Qt::DirectConnection);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(!finished.at(0).at(0).toBool());
        QCOMPARE(label, QStringLiteral("500 of 1,234 rows written"));
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("cancelled*")}, QDir::Files | QDir::Hidden).size(), 0);
        QVERIFY(!page.findChild<QMessageBox *>()); // the operator's own cancel needs no error box
    }

    void queuesPageExportsTheTabOnScreen()
    {
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1400, 800);
        QVERIFY(!page.jobsExportButton()->isEnabled()); // no queue chosen yet
        page.show();
        QVERIFY(refresh(&page));
        page.showQueue(QStringLiteral("crawl"));
        QVERIFY(page.jobsExportButton()->isEnabled());
        screenshot(&page, QStringLiteral("export-queues-page"));
        const QString path = m_dir.filePath(QStringLiteral("queues.csv"));
        QSignalSpy finished(page.queuesExportButton(), &TableExportButton::finished);
        QVERIFY(page.queuesExportButton()->exportTo(path));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(finished.at(0).at(0).toBool());
        QCOMPARE(csvLines(path), 2); // header, crawl
    }
};

QTEST_MAIN(TestExportTableWindow)
#include "tst_exporttablewindow.moc"
