#include "actioncenter.h"
#include "actiontestkit.h"
#include "accessibilityaudit.h"
#include "connectionbar.h"
#include "connectiondialog.h"
#include "exportchartdialog.h"
#include "failureclusterscan.h"
#include "failureclustersdialog.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "passwordstore.h"
#include "profilestore.h"
#include "queueactions.h"
#include "realisticpipeline.h"
#include "recurringjob.h"
#include "translationfile.h"
#include "uilanguage.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDialog>
#include <QGroupBox>
#include <QInputDialog>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QValueAxis>

namespace {
class NoKeychain final : public PasswordStore
{
public:
    NoKeychain() { setAvailability(Availability::Unavailable); }
    void read(const QString &) override {}
    void write(const QString &, const QString &) override {}
    void remove(const QString &) override {}
};

// A text as a person reads it: rich text as its plain words, no mnemonic &, spaces folded.
QString readable(const QString &text)
{
    QString plain = text;
    if (Qt::mightBeRichText(plain)) {
        plain = QTextDocumentFragment::fromHtml(plain).toPlainText();
    } else {
        plain.replace(QLatin1String("&&"), QLatin1String("\x01"));
        plain.remove(QLatin1Char('&'));
        plain.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    }
    return plain.simplified();
}

// An English text of ours that German words differently, as a pattern of what it shows.
struct English
{
    QString source;
    QRegularExpression whole; // the text is this string, placeholders filled
    QRegularExpression part;  // ... or holds it, for the longer ones (a sentence inside a label)
    bool fixed = false;       // no placeholder: the string is always shown as it is
};
} // namespace

// The console in German (as with --lang de) on a deployment with data: every page, the window's
// menus and bars, the job window and every dialog that tst_accessibility opens are walked, and
// every text a person sees or hears (labels, buttons, headers, menus, tooltips, placeholders,
// accessible names, chart titles) is checked against the English source texts of our .ts file:
// one that is still English is a miss. Data (queue names, jids, failure messages, the job's
// fields) is not ours to translate and is not looked at: table cells are left out, and a label
// is only a miss when what it shows matches one of our English strings. qless's job states are
// shown in the console's language (JobRowText::stateName). Screenshots of some pages land in
// build/screenshots/de/.
class TestGerman final : public QObject, public PageTestBase
{
    Q_OBJECT

    QList<English> m_english;
    QList<QRegularExpression> m_alike; // patterns that read the same in both languages, with parts
    QStringList m_misses;

    void check(const QString &text, const QString &where)
    {
        const QString seen = readable(text);
        if (seen.isEmpty())
            return;
        for (const English &english : std::as_const(m_english)) {
            const bool hit = english.whole.match(seen).hasMatch()
                || (!english.part.pattern().isEmpty() && english.part.match(seen).hasMatch());
            if (hit) {
                m_misses << where + QLatin1String(": \"") + seen + QLatin1String("\" (English: \"") + english.source
                        + QLatin1String("\")");
                return;
            }
        }
        // A text put together from others by a pattern German shares ("%1 (%2)", "%1 · %2"):
        // its parts are looked at too ("failed (3)" in a filter is a miss).
        for (const QRegularExpression &alike : std::as_const(m_alike)) {
            const QRegularExpressionMatch match = alike.match(seen);
            for (int i = 1; match.hasMatch() && i <= match.lastCapturedIndex(); ++i) {
                if (match.captured(i) != seen && checkPart(match.captured(i), where))
                    return;
            }
        }
    }

    // A part of a text: a miss when it is one of our English strings with no placeholder, whole
    // ("failed"); any other cut of the text would find English words in German ones ("was").
    bool checkPart(const QString &part, const QString &where)
    {
        const QString seen = part.trimmed();
        for (const English &english : std::as_const(m_english)) {
            if (english.fixed && english.whole.match(seen).hasMatch()) {
                m_misses << where + QLatin1String(": \"") + seen + QLatin1String("\" in a longer text (English: \"")
                        + english.source + QLatin1String("\")");
                return true;
            }
        }
        return false;
    }

    void checkAction(QAction *action, const QString &where)
    {
        if (action->isSeparator())
            return;
        const QString name = where + QLatin1String(" > ") + readable(action->text());
        check(action->text(), name);
        if (action->toolTip() != action->text() && readable(action->toolTip()) != readable(action->text()))
            check(action->toolTip(), name + QLatin1String(" (tooltip)"));
        check(action->statusTip(), name + QLatin1String(" (status tip)"));
        if (QMenu *menu = action->menu()) {
            check(menu->title(), name);
            for (QAction *inner : menu->actions())
                checkAction(inner, name);
        }
    }

    // Every text of `root` and the widgets in it a person can meet.
    void checkWidget(QWidget *root, const QString &what)
    {
        QList<QWidget *> widgets = root->findChildren<QWidget *>();
        widgets.prepend(root);
        for (QWidget *w : widgets) {
            if (AccessibilityAudit::isHiddenOnPurpose(w, root))
                continue;
            const QString where = what + QLatin1String(": ") + AccessibilityAudit::describe(w);
            if (w->isWindow())
                check(w->windowTitle(), where + QLatin1String(" (title)"));
            check(w->toolTip(), where + QLatin1String(" (tooltip)"));
            check(w->whatsThis(), where + QLatin1String(" (what's this)"));
            check(w->accessibleName(), where + QLatin1String(" (accessible name)"));
            check(w->accessibleDescription(), where + QLatin1String(" (accessible description)"));
            if (auto *label = qobject_cast<QLabel *>(w))
                check(label->text(), where);
            if (auto *button = qobject_cast<QAbstractButton *>(w))
                check(button->text(), where);
            if (auto *edit = qobject_cast<QLineEdit *>(w))
                check(edit->placeholderText(), where + QLatin1String(" (placeholder)"));
            if (auto *group = qobject_cast<QGroupBox *>(w))
                check(group->title(), where);
            if (auto *spin = qobject_cast<QSpinBox *>(w)) {
                check(spin->suffix(), where + QLatin1String(" (suffix)"));
                check(spin->specialValueText(), where + QLatin1String(" (special value)"));
            }
            if (auto *combo = qobject_cast<QComboBox *>(w)) {
                for (int i = 0; i < combo->count(); ++i) {
                    check(combo->itemText(i), where + QLatin1String(" item"));
                    check(combo->itemData(i, Qt::ToolTipRole).toString(), where + QLatin1String(" item tooltip"));
                }
            }
            if (auto *tabs = qobject_cast<QTabBar *>(w)) {
                for (int i = 0; i < tabs->count(); ++i) {
                    check(tabs->tabText(i), where + QLatin1String(" tab"));
                    check(tabs->tabToolTip(i), where + QLatin1String(" tab tooltip"));
                }
            }
            if (auto *view = qobject_cast<QAbstractItemView *>(w); view && view->model()) {
                // The header, not the cells (data); the right-click column menu shows the same.
                const QAbstractItemModel *model = view->model();
                for (int c = 0; c < model->columnCount(); ++c) {
                    check(model->headerData(c, Qt::Horizontal).toString(), where + QLatin1String(" header"));
                    check(model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(),
                          where + QLatin1String(" header tooltip"));
                }
            }
            if (auto *chartView = qobject_cast<QChartView *>(w); chartView && chartView->chart()) {
                QChart *chart = chartView->chart();
                check(chart->title(), where + QLatin1String(" chart title"));
                for (QAbstractAxis *axis : chart->axes())
                    check(axis->titleText(), where + QLatin1String(" axis title"));
            }
            for (QAction *action : w->actions())
                checkAction(action, where);
        }
    }

    void expectGerman(QWidget *root, const QString &what)
    {
        m_misses.clear();
        checkWidget(root, what);
        for (const QString &miss : std::as_const(m_misses))
            qWarning("%s", qPrintable(miss)); // a failure's text is cut short: each miss on its own line
        QVERIFY2(m_misses.isEmpty(), qPrintable(what + QLatin1String(": still English:\n  ")
                                                + m_misses.join(QLatin1String("\n  "))));
        // German labels keep their Alt keys, and every control its spoken name.
        QVERIFY2(AccessibilityAudit::unnamedControls(root).isEmpty(),
                 qPrintable(AccessibilityAudit::unnamedControls(root).join(QLatin1Char('\n'))));
        QVERIFY2(AccessibilityAudit::buddiesWithoutMnemonic(root).isEmpty(),
                 qPrintable(AccessibilityAudit::buddiesWithoutMnemonic(root).join(QLatin1Char('\n'))));
    }

    template<typename T>
    void expectGermanOpened(const QString &name, const std::function<void()> &open)
    {
        open();
        T *dialog = ActionTestKit::waitForWidget<T>(name);
        QVERIFY2(dialog, qPrintable(name));
        expectGerman(dialog, name);
        dialog->reject();
        QTRY_VERIFY(!dialog || !dialog->isVisible());
    }

    static void germanScreenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/de"));
        screenshot(widget, QStringLiteral("de/") + name);
    }

private slots:
    void initTestCase()
    {
        // As `qlessdesk --lang de` on an English desktop: German texts, German numbers.
        QVERIFY2(UiLanguage::install(QStringLiteral("de")), "qlessdesk_de.qm is not in the resources");
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY2(QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_de.qm")),
                 "Qt's own German (qtbase_de.qm, Debian package qt6-translations-l10n) is not installed");
        QCOMPARE(QCoreApplication::translate("JobListModel", "Queue"), QStringLiteral("Warteschlange"));

        QString error;
        const QList<TranslationFile::Message> messages =
            TranslationFile::read(QStringLiteral(QLESSDESK_TS_DIR "/qlessdesk_de.ts"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        static const QRegularExpression letters(QStringLiteral("[A-Za-z]{2,}"));
        for (const TranslationFile::Message &m : messages) {
            const QString source = readable(m.source);
            // A text German words alike ("%1 (%2)", "Server", "Tags") is no miss, nor one with
            // no word in it.
            bool alike = false;
            for (const QString &t : m.translations)
                alike = alike || readable(t) == source;
            QString words = source;
            words.remove(QRegularExpression(QStringLiteral("%L?(\\d+|n)")));
            if (alike && TranslationFile::placeholders(m.source).size() > 0 && source.size() > 2) {
                const QRegularExpression pattern = TranslationFile::pattern(source);
                if (!m_alike.contains(pattern))
                    m_alike << pattern;
            }
            if (alike || !words.contains(letters))
                continue;
            English english{m.source, TranslationFile::pattern(source), {},
                            TranslationFile::placeholders(m.source).isEmpty()};
            // Three words or more of English are looked for inside longer texts too.
            if (words.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() >= 3) {
                QString inner = english.whole.pattern();
                inner = inner.mid(QStringLiteral("\\A(?:").size(), inner.size() - QStringLiteral("\\A(?:").size()
                                  - QStringLiteral(")\\z").size());
                english.part = QRegularExpression(inner, QRegularExpression::DotMatchesEverythingOption);
            }
            m_english << english;
        }
        QVERIFY(m_english.size() > 400);

        QVERIFY2(startServer(&error), qPrintable(error));
        RealisticPipeline::seed(fixture());
    }

    // The check itself: English of ours is found, whole or inside a longer text, its German not.
    void englishIsFound()
    {
        m_misses.clear();
        check(QStringLiteral("Refresh now"), QStringLiteral("plain"));
        check(QStringLiteral("&Quit"), QStringLiteral("mnemonic"));
        check(QStringLiteral("<b>3</b> tracked"), QStringLiteral("rich text"));
        check(QStringLiteral("12 of 40 loaded; scroll down to load more"), QStringLiteral("filled in"));
        check(QStringLiteral("Warteschlangen: 12 of 40 loaded; scroll down to load more"), QStringLiteral("inside"));
        check(QStringLiteral("failed (3)"), QStringLiteral("a part"));
        QCOMPARE(m_misses.size(), 6);
        m_misses.clear();
        check(QCoreApplication::translate("ConnectionBar", "Refresh now"), QStringLiteral("German"));
        check(QCoreApplication::translate("CompletedPage", "%1 of %2 loaded; scroll down to load more")
                  .arg(QStringLiteral("12"), QStringLiteral("40")),
              QStringLiteral("German filled in"));
        check(QStringLiteral("fehlgeschlagen (3)"), QStringLiteral("a part in German"));
        check(QStringLiteral("Server"), QStringLiteral("alike in both"));
        QVERIFY2(m_misses.isEmpty(), qPrintable(m_misses.join(QLatin1Char('\n'))));
    }

    void everyPageIsGerman()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSession(session());
        window.show();
        for (Page *page : window.pages()) {
            QVERIFY(window.showPage(page->title()));
            refresh(page);
            expectGerman(page, page->title());
            // German is longer than English: still no wider than a 1280×800 screen.
            QVERIFY2(window.width() <= 1280, qPrintable(page->title() + QLatin1String(": the window is ")
                                                          + QString::number(window.width()) + QLatin1String(" wide, the page at least ")
                                                          + QString::number(page->minimumSizeHint().width())
                                                          + QLatin1String(", its bar ")
                                                          + QString::number(window.connectionBar()->minimumSizeHint().width())
                                                          + QLatin1String(", the status bar ")
                                                          + QString::number(window.statusBar()->minimumSizeHint().width())));
            germanScreenshot(&window, page->objectName().isEmpty() ? page->title() : page->objectName());
        }
        expectGerman(&window, QStringLiteral("main window"));
        for (QAction *menu : window.menuBar()->actions()) {
            m_misses.clear();
            checkAction(menu, QStringLiteral("menu bar"));
            QVERIFY2(m_misses.isEmpty(), qPrintable(m_misses.join(QLatin1Char('\n'))));
        }
    }

    void everyDialogIsGerman()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSession(session());
        window.show();
        QlessSession *s = window.session();
        ActionCenter *center = ActionCenter::of(s);

        emit center->openJobRequested(QByteArray("track-fail"));
        QTRY_VERIFY(window.jobDetail() && window.jobDetail()->view()->job().has_value());
        expectGerman(window.jobDetail(), QStringLiteral("job window"));
        germanScreenshot(window.jobDetail(), QStringLiteral("job-window"));

        BulkTarget one;
        one.kind = BulkTarget::Kind::Jids;
        one.jids = {"some-job"};
        expectGermanOpened<QMessageBox>(QStringLiteral("confirmAction"), [&] {
            center->confirm(&window, QStringLiteral("Abbrechen"), QStringLiteral("Job abbrechen?"),
                            QStringLiteral("Jobs abbrechen"), true, [] {});
        });
        expectGermanOpened<QInputDialog>(QStringLiteral("priorityInput"), [&] { center->askPriority(one, 0, &window); });
        expectGermanOpened<QInputDialog>(QStringLiteral("addTagsInput"), [&] { center->askTags(true, one, {}, &window); });
        expectGermanOpened<QInputDialog>(QStringLiteral("removeTagsInput"),
                                         [&] { center->askTags(false, one, {QStringLiteral("nightly")}, &window); });
        expectGermanOpened<QDialog>(QStringLiteral("queuePicker"), [&] { center->askMove(one, {}, &window); });
        Job waiting;
        waiting.jid = "some-job";
        waiting.state = QStringLiteral("depends");
        waiting.dependencies = {QStringLiteral("first"), QStringLiteral("second")};
        expectGermanOpened<QInputDialog>(QStringLiteral("removeDependencyInput"),
                                         [&] { center->askRemoveDependency(waiting, &window); });
        expectGermanOpened<QDialog>(QStringLiteral("jobNote"), [&] { center->askAddNote("some-job", &window); });
        QueueCounts queue;
        queue.name = QStringLiteral("crawl");
        expectGermanOpened<QInputDialog>(QStringLiteral("maxConcurrencyInput"),
                                         [&] { QueueActions::of(s)->askMaxConcurrency(queue, &window); });
        RecurringJob recurring;
        recurring.jid = "nightly-report";
        recurring.klass = QStringLiteral("Reports.Nightly");
        recurring.queue = QStringLiteral("notify");
        recurring.interval = 3600;
        expectGermanOpened<QDialog>(QStringLiteral("recurringEdit"), [&] { center->askEditRecurring(recurring, &window); });

        FailureClustersDialog clusters(s, QStringLiteral("boom"), &window);
        clusters.show();
        QTRY_VERIFY(!clusters.scan()->isRunning());
        expectGerman(&clusters, QStringLiteral("failure clusters dialog"));

        // As Stats > Export chart… opens it.
        ExportChartDialog chart(QCoreApplication::translate("ChartExportActions", "Export chart"),
                                {QCoreApplication::translate("StatsPage", "Wait time histogram"),
                                 QCoreApplication::translate("StatsPage", "Daily strip")},
                                0, &window);
        chart.show();
        expectGerman(&chart, QStringLiteral("export chart dialog"));

        QTemporaryDir home;
        ProfileStore profiles(home.filePath(QStringLiteral("profiles.ini")));
        NoKeychain keychain;
        ConnectionDialog connection(&profiles, &keychain);
        connection.show();
        expectGerman(&connection, QStringLiteral("connection dialog"));
        germanScreenshot(&connection, QStringLiteral("connection-dialog"));
    }
};

QTEST_MAIN(TestGerman)
#include "tst_german.moc"
