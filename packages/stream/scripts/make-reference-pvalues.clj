;; Writes fixtures/reference-pvalues.json: the p-values of Apache Commons Math 3.6.1 that the
;; Decision Stream reference code (MatrixUtil.java) uses, and the iteration order of Clojure maps
;; keyed by doubles, for reference-compat.test.ts. Run from packages/stream (Debian packages clojure,
;; libcommons-math3-java):
;;   java -cp /usr/share/java/clojure.jar:/usr/share/java/commons-math3.jar clojure.main scripts/make-reference-pvalues.clj
(import '[org.apache.commons.math3.stat.inference KolmogorovSmirnovTest MannWhitneyUTest])
(require '[clojure.string :as str])
(def kt (KolmogorovSmirnovTest.))
(def mt (MannWhitneyUTest.))
(defn approx [d n m] ; MatrixUtil.approximateP
  (- 1 (.ksSum kt (* d (Math/sqrt (/ (* (double m) (double n)) (+ (double m) (double n))))) 1E-20 Integer/MAX_VALUE)))
(defn jnum [x] (if (or (Double/isNaN x) (Double/isInfinite x)) (str "\"" x "\"") (str x)))
(def exact-cases
  (for [[n1 n2] [[10 10] [3 4] [2 2] [2 7] [5 13] [7 11] [20 30] [40 60] [99 100] [2 4999] [3 3333]]
        k (distinct (map #(long (Math/round (* % n1 n2))) [0.05 0.2 0.35 0.5 0.6 0.75 0.9 1.0]))
        :when (and (< (* n1 n2) 10000) (pos? k))]
    (let [d (/ (double k) (* n1 n2))]
      (str "{\"n1\":" n1 ",\"n2\":" n2 ",\"dInt\":" k ",\"p\":" (jnum (.exactP kt d n1 n2 true)) "}"))))
(def approx-cases
  (for [[n1 n2] [[100 100] [200 300] [500 268] [1000 5000]]
        d [0.0 0.01 0.05 0.1 0.2 0.3 0.4 0.5 0.7]]
    (let [k (long (Math/round (* d n1 n2)))]
      (str "{\"n1\":" n1 ",\"n2\":" n2 ",\"dInt\":" k ",\"p\":" (jnum (approx (/ (double k) (* n1 n2)) n1 n2)) "}"))))
(def mwu-cases
  (for [[x y] [[[1.0] (concat (repeat 90 0.0) (repeat 10 1.0))]
               [[0.0] (concat (repeat 90 0.0) (repeat 10 1.0))]
               [[2.0] [0.0 1.0 1.0 2.0 3.0]]
               [[5.0] (map double (range 30))]]]
    (str "{\"x\":[" (str/join "," x) "],\"y\":[" (str/join "," y) "],\"p\":"
         (jnum (.mannWhitneyUTest mt (double-array x) (double-array y))) "}")))
(def key-sets [(map #(/ (+ % 0.5) 3.0) (range 30 0 -1))
               [147.5 120.5 99.5 130.25 0.495 28.0 27.6 45.5 6.0 92.0 165.0]
               (map #(* 0.37 %) (range 12))])
(def map-orders
  (for [ks key-sets]
    (str "{\"inserted\":[" (str/join "," ks) "],\"order\":["
         (str/join "," (keys (reduce (fn [mp k] (assoc mp k 1)) {} ks))) "]}")))
(spit "fixtures/reference-pvalues.json"
      (str "{\"generator\":\"scripts/make-reference-pvalues.clj\",\"clojure\":\"" (clojure-version) "\",\n"
           "\"ksExact\":[" (str/join ",\n" exact-cases) "],\n"
           "\"ksApprox\":[" (str/join ",\n" approx-cases) "],\n"
           "\"mwu\":[" (str/join ",\n" mwu-cases) "],\n"
           "\"mapOrder\":[" (str/join ",\n" map-orders) "]}\n"))
(println "wrote fixtures/reference-pvalues.json")
