// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "accessibilityaudit.h"
#include "translationfile.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabBar>
#include <QTextDocumentFragment>

#include <utility>

// tst_german's eye: the English source texts of our German .ts file as patterns, and what a
// person sees or hears of a widget (labels, buttons, headers, menus, tooltips, placeholders,
// accessible names, chart titles) checked against them; each text still English is a miss. Data
// (table cells) is not looked at. Kept apart from the test so that each stays readable.
class EnglishLeft
{
public:
    // A text as a person reads it: rich text as its plain words, no mnemonic &, spaces folded.
    static QString readable(const QString &text)
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

    // Reads the German file's messages; false (and why) when it cannot be read.
    bool load(const QString &tsFile, QString *error)
    {
        const QList<TranslationFile::Message> messages = TranslationFile::read(tsFile, error);
        if (!error->isEmpty())
            return false;
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
            English english{m.source,
                            TranslationFile::pattern(source),
                            {},
                            TranslationFile::placeholders(m.source).isEmpty()};
            // Three words or more of English are looked for inside longer texts too.
            if (words.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() >= 3) {
                QString inner = english.whole.pattern();
                inner = inner.mid(QStringLiteral("\\A(?:").size(),
                                  inner.size() - QStringLiteral("\\A(?:").size() - QStringLiteral(")\\z").size());
                english.part = QRegularExpression(inner, QRegularExpression::DotMatchesEverythingOption);
            }
            m_english << english;
        }
        return true;
    }
    qsizetype size() const { return m_english.size(); }

    // The misses since the last take, and none after it.
    QStringList takeMisses() { return std::exchange(m_misses, {}); }

    // A miss when `text` is one of our English strings (placeholders filled), or holds one of
    // three words or more, or is put together from one by a pattern both languages share.
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

private:
    QList<English> m_english;
    QList<QRegularExpression> m_alike; // patterns that read the same in both languages, with parts
    QStringList m_misses;
};
